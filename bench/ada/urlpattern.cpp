// urlpattern.cpp: the ada side of bench/cmd/report's "URLPattern" section:
// ada::url_pattern with its std::regex provider.
//
// It is built from ../shared/peers/ada (ada.cpp, the single-file
// amalgamation) by the report at run time, never committed as a binary:
//
//   g++ -O3 -march=native -std=c++20 -DADA_USE_UNSAFE_STD_REGEX_PROVIDER \
//       -I <ada> urlpattern.cpp <ada>/ada.cpp -o urlpattern
//
// (ada only defines ada::url_pattern_regex::std_regex_provider with
// ADA_USE_UNSAFE_STD_REGEX_PROVIDER.)
//
// It prints "ready", then reads commands on standard input, one a line,
// and answers each with one line:
//
//   pattern <text>          -> ok <id> | error <code>    compile <text> (the rest of the line)
//   inputs <n>              -> ok <id>                   the next n lines are a list of inputs
//   results <pid> <iid>     -> <r...>                    one character per input: 1 (test is
//                                                        true), 0 (false) or e (an error result)
//   time <pid> <iid> <reps> -> <cpu-ns> <hits>           reps passes of test over the inputs
//
// cpu-ns is the process CPU time (CLOCK_PROCESS_CPUTIME_ID) of the passes,
// and hits the number of inputs that matched in the last pass, which
// keeps the loop from being optimized away.
#include <cstdio>
#include <ctime>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ada.h"

namespace {

using provider = ada::url_pattern_regex::std_regex_provider;

int64_t cpu_ns() {
  timespec ts;
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return int64_t(ts.tv_sec) * 1000000000 + ts.tv_nsec;
}

}  // namespace

int main() {
  std::ios::sync_with_stdio(false);
  std::vector<std::optional<ada::url_pattern<provider>>> patterns;
  std::vector<std::vector<std::string>> inputs;
  std::printf("ready\n");
  std::fflush(stdout);
  std::string line;
  while (std::getline(std::cin, line)) {
    std::string_view cmd(line);
    size_t sp = cmd.find(' ');
    std::string_view op = cmd.substr(0, sp);
    std::string_view rest = sp == std::string_view::npos ? std::string_view() : cmd.substr(sp + 1);
    if (op == "pattern") {
      auto p = ada::parse_url_pattern<provider>(rest);
      if (!p) {
        std::printf("error %d\n", int(p.error()));
      } else {
        patterns.emplace_back(std::move(*p));
        std::printf("ok %zu\n", patterns.size() - 1);
      }
    } else if (op == "inputs") {
      size_t n = std::stoul(std::string(rest));
      std::vector<std::string> list(n);
      for (auto &in : list) std::getline(std::cin, in);
      inputs.push_back(std::move(list));
      std::printf("ok %zu\n", inputs.size() - 1);
    } else if (op == "results" || op == "time") {
      size_t pid = 0, iid = 0, reps = 1;
      if (std::sscanf(std::string(rest).c_str(), "%zu %zu %zu", &pid, &iid, &reps) < 2 ||
          pid >= patterns.size() || iid >= inputs.size()) {
        std::fprintf(stderr, "urlpattern: bad command %s\n", line.c_str());
        return 2;
      }
      auto &p = *patterns[pid];
      const auto &list = inputs[iid];
      if (op == "results") {
        std::string out;
        out.reserve(list.size());
        for (const auto &in : list) {
          auto r = p.test(std::string_view(in), nullptr);
          out.push_back(!r ? 'e' : *r ? '1' : '0');
        }
        std::printf("%s\n", out.c_str());
      } else {
        size_t hits = 0;
        int64_t t0 = cpu_ns();
        for (size_t k = 0; k < reps; k++) {
          hits = 0;
          for (const auto &in : list) {
            auto r = p.test(std::string_view(in), nullptr);
            hits += r && *r;
          }
        }
        int64_t t1 = cpu_ns();
        std::printf("%lld %zu\n", static_cast<long long>(t1 - t0), hits);
      }
    } else {
      std::fprintf(stderr, "urlpattern: unknown command %s\n", line.c_str());
      return 2;
    }
    std::fflush(stdout);
  }
  return 0;
}
