package main

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"io"
	"net/http"
)

// logoTransport answers every HTTP request of the process with the package icon (logo.png of the .NET package):
// the generator downloads one (the schema's logoUrl, else a Pulumi logo on GitHub), and generation must need no
// network and give the same files every time. The icon is drawn here: a 64x64 square in one colour.
type logoTransport struct{ png []byte }

func (t logoTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	return &http.Response{
		StatusCode:    http.StatusOK,
		Status:        "200 OK",
		Header:        http.Header{"Content-Type": []string{"image/png"}},
		Body:          io.NopCloser(bytes.NewReader(t.png)),
		ContentLength: int64(len(t.png)),
		Request:       req,
	}, nil
}

// servePackageIcon makes every http.Get of the process answer with the drawn icon.
func servePackageIcon() error {
	img := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	fill := color.NRGBA{R: 0x6b, G: 0x4f, B: 0xbb, A: 0xff}
	for y := 0; y < 64; y++ {
		for x := 0; x < 64; x++ {
			img.SetNRGBA(x, y, fill)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return err
	}
	http.DefaultTransport = logoTransport{png: buf.Bytes()}
	http.DefaultClient.Transport = http.DefaultTransport
	return nil
}
