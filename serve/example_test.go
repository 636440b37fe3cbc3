package serve_test

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/signal"
	"strings"

	"github.com/urikit/urikit/serve"
)

func post(h http.Handler, path, body string) {
	req := httptest.NewRequest("POST", path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	fmt.Print(rec.Code, " ", rec.Body.String())
}

func ExampleNewHandler() {
	h := serve.NewHandler(serve.Options{})
	post(h, "/v1/encode", `{"input": "a b/你", "set": "path"}`)
	post(h, "/v1/normalize", `{"inputs": ["HTTP://Example.COM:80/%7euser/./a/../b", "/a b"]}`)
	post(h, "/v1/parse", `{"input": "../x?y", "mode": "whatwg", "base": "https://example.com/dir/"}`)
	post(h, "/v1/decode", `{"input": "abc%4"}`)
	post(h, "/v1/encode", `{"input": "a", "sets": "path"}`)
	// Output:
	// 200 {"input":"a b/你","output":"a%20b/%E4%BD%A0"}
	// 200 [{"input":"HTTP://Example.COM:80/%7euser/./a/../b","output":"http://example.com/~user/b"},{"input":"/a b","error":{"offset":2,"component":"path","code":"invalid-char","message":"character not allowed here"}}]
	// 200 {"input":"../x?y","href":"https://example.com/x?y","protocol":"https:","username":"","password":"","host":"example.com","hostname":"example.com","port":"","pathname":"/x","search":"?y","hash":"","origin":"https://example.com"}
	// 200 {"input":"abc%4","error":{"offset":3,"code":"truncated-escape","message":"\"%4\": escape cut off by the end of the input"}}
	// 400 {"error":{"code":"unknown-field","message":"unknown option \"sets\""}}
}

func ExampleRun() {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return
	}
	// Stop on Ctrl-C, or here as soon as one request is answered.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	go func() {
		res, err := http.Get("http://" + ln.Addr().String() + "/healthz")
		if err == nil {
			b, _ := io.ReadAll(res.Body)
			res.Body.Close()
			fmt.Print(string(b))
		}
		stop()
	}()
	fmt.Println(serve.Run(ctx, ln, serve.Options{}))
	// Output:
	// {"status":"ok"}
	// <nil>
}
