// Command genpurls writes testdata/purls.txt, the purl set of the purl
// benchmarks: every purl string of the purl-spec test suite
// (../shared/testdata/purl/tests, inputs and expected outputs, accepted or
// not), then purls of well-known packages of nine ecosystems (the names
// below: popular npm, PyPI, Maven, Go, crates.io, RubyGems, NuGet, Docker
// Hub and GitHub projects) at a few versions, each written canonically and
// in the spellings producers use (uppercase type, "pkg://", an unencoded
// npm scope, qualifiers out of order). The order is fixed, so the file is
// the same on every run. Run it in the bench directory:
//
//	go run ./cmd/genpurls
package main

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

var packages = map[string][]string{
	"npm": {"react", "lodash", "express", "%40angular/core", "%40angular/animation", "%40babel/core", "%40types/node", "typescript",
		"webpack", "vue", "axios", "chalk", "commander", "debug", "left-pad", "moment", "%40vue/compiler-sfc", "next", "eslint", "jest"},
	"pypi": {"django", "requests", "numpy", "pandas", "flask", "django-allauth", "scikit-learn", "setuptools", "urllib3", "pyyaml",
		"boto3", "pytest", "jinja2", "typing-extensions", "cryptography", "pillow", "sqlalchemy", "attrs", "click", "six"},
	"maven": {"org.apache.commons/commons-lang3", "com.google.guava/guava", "org.springframework/spring-core", "junit/junit",
		"org.apache.xmlgraphics/batik-anim", "com.fasterxml.jackson.core/jackson-databind", "org.slf4j/slf4j-api",
		"org.apache.logging.log4j/log4j-core", "io.netty/netty-all", "org.mockito/mockito-core"},
	"golang": {"github.com/gorilla/mux", "golang.org/x/net", "google.golang.org/grpc", "github.com/spf13/cobra", "github.com/stretchr/testify",
		"google.golang.org/genproto", "github.com/sirupsen/logrus", "gopkg.in/yaml.v3", "github.com/prometheus/client_golang", "go.uber.org/zap"},
	"cargo":  {"rand", "serde", "tokio", "clap", "regex", "structopt", "syn", "anyhow", "log", "hyper"},
	"gem":    {"rails", "rake", "bundler", "jruby-launcher", "nokogiri", "rspec", "puma", "devise", "sidekiq", "activesupport"},
	"nuget":  {"Newtonsoft.Json", "EnterpriseLibrary.Common", "Serilog", "AutoMapper", "Dapper", "NUnit", "Moq", "xunit", "Polly", "MediatR"},
	"docker": {"cassandra", "library/nginx", "smartentry/debian", "customer/dockerimage", "bitnami/redis", "grafana/grafana", "library/postgres", "redis"},
	"github": {"package-url/purl-spec", "golang/go", "torvalds/linux", "kubernetes/kubernetes", "rust-lang/rust", "nodejs/node"},
}

var versions = []string{"1.0.0", "2.13.3", "0.7.2", "12.3.1", "1.11.1", "3.0.0-rc.1", "v1.8.0", "5.5.0+build.7", "244fd47e07d1004f0aed9c"}

var quals = []string{"", "", "?arch=x86_64", "?type=pom&classifier=sources", "?repository_url=https://repo.example.com/release&arch=amd64",
	"?os=linux&distro=debian-12", "?vcs_url=git%2Bhttps://github.com/package-url/purl-spec.git%40244fd47e07d1"}

var subpaths = []string{"", "", "", "#lib/core", "#googleapis/api/annotations"}

func main() {
	dir := "../../shared/testdata/purl/tests"
	var lines []string
	seen := map[string]bool{}
	add := func(s string) {
		if s != "" && !seen[s] && !strings.ContainsAny(s, "\n\r") {
			seen[s] = true
			lines = append(lines, s)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*", "*.json"))
	sort.Strings(files)
	if len(files) == 0 {
		log.Fatalf("no purl-spec tests in %s", dir)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			log.Fatal(err)
		}
		var file struct {
			Tests []struct {
				Input  json.RawMessage `json:"input"`
				Output json.RawMessage `json:"expected_output"`
			} `json:"tests"`
		}
		if err := json.Unmarshal(b, &file); err != nil {
			log.Fatalf("%s: %v", f, err)
		}
		for _, t := range file.Tests {
			for _, raw := range []json.RawMessage{t.Input, t.Output} {
				var s string
				if json.Unmarshal(raw, &s) == nil {
					add(s)
				}
			}
		}
	}
	types := make([]string, 0, len(packages))
	for t := range packages {
		types = append(types, t)
	}
	sort.Strings(types)
	n := 0
	for _, t := range types {
		for _, name := range packages[t] {
			for _, v := range versions {
				n++
				q, sub := quals[n%len(quals)], subpaths[n%len(subpaths)]
				canonical := "pkg:" + t + "/" + name + "@" + strings.ReplaceAll(v, "+", "%2B") + q + sub
				add(canonical)
				switch n % 4 {
				case 0:
					add("pkg:" + strings.ToUpper(t) + "/" + name + "@" + v + q + sub)
				case 1:
					add("pkg://" + t + "/" + strings.ReplaceAll(name, "%40", "@") + "@" + v + q + sub)
				case 2:
					add("pkg:" + t + "/" + name + "@" + v + reverse(q) + sub)
				}
			}
		}
	}
	out := strings.Join(lines, "\n") + "\n"
	if err := os.WriteFile("testdata/purls.txt", []byte(out), 0o644); err != nil {
		log.Fatal(err)
	}
	fmt.Printf("testdata/purls.txt: %d purls\n", len(lines))
}

// reverse returns the qualifiers q ("?a=1&b=2") in reverse order.
func reverse(q string) string {
	if q == "" {
		return q
	}
	parts := strings.Split(q[1:], "&")
	for i, j := 0, len(parts)-1; i < j; i, j = i+1, j-1 {
		parts[i], parts[j] = parts[j], parts[i]
	}
	return "?" + strings.Join(parts, "&")
}
