// The engine floor of bench/topics: the same subscriberIds file as examples/topics, as one dynamic resource
// with the inputs shape of TopicSubscriptions (topicKey, the subscriberIds list, the owner's origin) and a
// provider that does nothing: check returns the news, diff reports a change, create/update return their
// inputs. What an operation on it costs is what the engine, the SDK and the dynamic-provider host need to
// move the list; TopicSubscriptions's time above it is its own.
const fs = require("node:fs");
const pulumi = require("@pulumi/pulumi");

const config = new pulumi.Config();
const subscriberIds = JSON.parse(fs.readFileSync(config.require("file"), "utf8"));

const noop = {
  async check(_olds, news) {
    return { inputs: news };
  },
  async diff() {
    return { changes: true };
  },
  async create(inputs) {
    return { id: "noop", outs: { ...inputs, count: inputs.subscriberIds.length } };
  },
  async update(_id, _olds, news) {
    return { outs: { ...news, count: news.subscriberIds.length } };
  },
  async read(id, props) {
    return { id, props, inputs: props };
  },
  async delete() {},
};

new pulumi.dynamic.Resource(noop, "noop-subscriptions", {
  topicKey: "bench-topic",
  subscriberIds: [...subscriberIds].sort(),
  ownerOf: { project: pulumi.getProject(), stack: pulumi.getStack(), name: "noop-subscriptions" },
  count: undefined,
});
exports.subscriberCount = subscriberIds.length;
