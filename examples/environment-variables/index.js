// Pulumi runs this file. The program is ./program.ts, compiled by `npm run build` (`npm ci` runs it):
// Pulumi's bundled ts-node is too old for this repository's TypeScript settings.
module.exports = require("../../dist/examples/environment-variables/program.js");
