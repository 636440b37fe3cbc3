// driver.cpp: the ada side of bench/cmd/report's "WHATWG vs ada" section.
//
// It is built from ../shared/peers/ada (ada.cpp, the single-file
// amalgamation) by the report at run time, never committed as a binary:
//
//   g++ -O3 -march=native -std=c++20 -I <ada> driver.cpp <ada>/ada.cpp -o driver
//
// Usage: driver FILE...
//        driver --href < lines
//
// With --href it is a filter for bench/throughput/run.sh, like ada's own
// "adaparse -g href": it reads lines on standard input (a final "\r" cut)
// and writes each one's href, or an empty line when it does not parse.
//
// Each FILE is read into memory and split into lines the way the Go side
// does (internal/conformance.Datasets): the trailing newlines are cut,
// the text is split at "\n" and a final "\r" is cut from each line.
//
// At start it prints, for each file, one line (untimed):
//
//   file <index> <lines> <href-fnv> <href-ok> <canparse-ok>
//
// where href-fnv is the 64-bit FNV-1a hash of every line's href followed
// by "\n" (an empty href for a line that does not parse), href-ok the
// number of lines that parse and canparse-ok the number for which
// ada::can_parse is true; then "ready". It then reads commands on
// standard input, one a line, and answers each with one line:
//
//   href <index> <reps>      -> <cpu-ns> <sum>   ada::parse<url_aggregator> + get_href
//   canparse <index> <reps>  -> <cpu-ns> <sum>   ada::can_parse
//
// cpu-ns is the process CPU time (CLOCK_PROCESS_CPUTIME_ID) of reps passes
// over the file's lines, and sum the total href length (or the count of
// true) of the last pass, which keeps the loop from being optimized away.
#include <cinttypes>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

std::vector<std::string> read_lines(const char *path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "driver: cannot read %s\n", path);
    std::exit(2);
  }
  std::stringstream ss;
  ss << f.rdbuf();
  std::string text = ss.str();
  while (!text.empty() && text.back() == '\n') text.pop_back();
  std::vector<std::string> lines;
  size_t start = 0;
  for (;;) {
    size_t nl = text.find('\n', start);
    std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start);
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(std::move(line));
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return lines;
}

int64_t cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

uint64_t fnv(uint64_t h, std::string_view s) {
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ULL;
  }
  return h;
}

}  // namespace

// filter is the --href mode.
int filter() {
  std::ios::sync_with_stdio(false);
  std::string line, out;
  out.reserve(1 << 17);
  int failures = 0;
  while (std::getline(std::cin, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    auto u = ada::parse<ada::url_aggregator>(line);
    if (u) {
      out.append(u->get_href());
    } else {
      failures++;
    }
    out.push_back('\n');
    if (out.size() >= (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return failures > 0 ? 1 : 0;
}

int main(int argc, char **argv) {
  if (argc == 2 && std::string_view(argv[1]) == "--href") return filter();
  std::vector<std::vector<std::string>> files;
  for (int i = 1; i < argc; i++) files.push_back(read_lines(argv[i]));
  for (size_t i = 0; i < files.size(); i++) {
    uint64_t h = 14695981039346656037ULL;
    size_t ok = 0, can = 0;
    for (const auto &line : files[i]) {
      auto u = ada::parse<ada::url_aggregator>(line);
      if (u) {
        ok++;
        h = fnv(h, u->get_href());
      }
      h = fnv(h, "\n");
      if (ada::can_parse(line)) can++;
    }
    std::printf("file %zu %zu %" PRIu64 " %zu %zu\n", i, files[i].size(), h, ok, can);
  }
  std::printf("ready\n");
  std::fflush(stdout);

  std::string op;
  size_t index, reps;
  while (std::cin >> op >> index >> reps) {
    if (index >= files.size()) {
      std::fprintf(stderr, "driver: no file %zu\n", index);
      return 2;
    }
    const auto &lines = files[index];
    size_t sum = 0;
    int64_t t0 = cpu_ns();
    if (op == "href") {
      for (size_t r = 0; r < reps; r++) {
        sum = 0;
        for (const auto &line : lines) {
          auto u = ada::parse<ada::url_aggregator>(line);
          if (u) sum += u->get_href().size();
        }
      }
    } else if (op == "canparse") {
      for (size_t r = 0; r < reps; r++) {
        sum = 0;
        for (const auto &line : lines) sum += ada::can_parse(line);
      }
    } else {
      std::fprintf(stderr, "driver: unknown op %s\n", op.c_str());
      return 2;
    }
    int64_t t1 = cpu_ns();
    std::printf("%" PRId64 " %zu\n", t1 - t0, sum);
    std::fflush(stdout);
  }
  return 0;
}
