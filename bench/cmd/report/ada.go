package main

// The "WHATWG vs ada" section: urikit's WHATWG parser against ada (C++,
// the URL parser inside Node.js), measured in the same run in alternating
// rounds.
//
// The ada side is bench/ada/driver.cpp, built at run time from the
// single-file amalgamation in ../shared/peers/ada with the C++ compiler
// ($CXX, else g++, else clang++) and cached by the hash of its sources
// and compiler in the user cache directory. It loads the same dataset
// lines as the Go side (split as internal/conformance.Datasets does) and
// answers one timed command at a time on a pipe, so that rounds of ada
// and of urikit alternate in one run: each round measures every dataset
// and operation of both, the order of the two implementations switching
// every round. Time is process CPU time on both sides (the Go side's
// includes its garbage collector), so that other load on a shared
// machine enters less; each cell is the median of the rounds. Before
// timing, the hrefs of both are hashed (FNV-1a over every line's href and
// a newline) and compared: a mismatch is shown in the table.

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/urikit/urikit/whatwg"
)

var (
	adaEnabled = flag.Bool("ada", true, "also measure urikit's WHATWG parser against ada (C++) in alternating rounds (section \"WHATWG vs ada\"); needs a C++20 compiler")
	adaOnly    = flag.Bool("ada-only", false, "run only the WHATWG vs ada comparison and print its section on standard output")
	adaRounds  = flag.Int("ada-rounds", 9, "alternating rounds of the ada comparison (-short: 3)")
	adaURLs    = flag.Int("ada-urls", 200000, "URLs parsed per measurement of the ada comparison: passes over a dataset are repeated up to this (-short: 50000)")
	adaSrc     = flag.String("ada-src", "../../shared/peers/ada", "directory of ada's single-file amalgamation (ada.h, ada.cpp)")
)

// adaOps are the operations compared, in table order: the urikit
// operation and the ada driver's command it is compared with.
var adaOps = []struct{ name, peer string }{
	{"Parse+Href", "href"},
	{"ParseInto+Href", "href"},
	{"CanParse", "canparse"},
}

// adaDataset is one URL list as both sides see it.
type adaDataset struct {
	name  string
	lines []string
	reps  int
	// Untimed checks: FNV-1a of the hrefs, lines that parse, lines
	// CanParse accepts; ada's then urikit's.
	adaHash, goHash   uint64
	adaOK, goOK       int
	adaCanOK, goCanOK int
	ns                map[string][]float64 // ns/URL per round, by "urikit/op" and "ada/cmd"
	ratios            map[string][]float64 // urikit ÷ ada per round, by op
	// sumDiff counts the timed measurements whose sum (total href
	// length, or lines CanParse accepts) differed from ada's.
	sumDiff int
}

// adaSection measures and writes the section to w. It never fails the
// report: when the comparison cannot run, the section says why.
func adaSection(w io.Writer, short bool) {
	rounds, urls := *adaRounds, *adaURLs
	if short {
		rounds, urls = min(rounds, 3), min(urls, 50000)
	}
	fmt.Fprintf(w, "## WHATWG vs ada\n\n")
	sets, err := adaMeasure(rounds, urls)
	if err != nil {
		log.Printf("ada comparison skipped: %v", err)
		fmt.Fprintf(w, "Skipped: %v.\n\n", err)
		return
	}
	fmt.Fprintf(w, "urikit's `whatwg` package against [ada](https://github.com/ada-url/ada) %s (C++, the URL parser of Node.js), "+
		"built from `%s` with `%s`. ", adaVersion(), *adaSrc, strings.Join(adaBuildArgs("<ada>", "driver"), " "))
	fmt.Fprintf(w, "Both parse the same lines held in memory; %d alternating rounds (the order switching every round), "+
		"each measuring every dataset and operation of both with about %d URLs (repeated passes); "+
		"time is process CPU time (urikit's includes its garbage collector); each cell is the median ns/URL of the rounds. "+
		"× is urikit's time divided by ada's (below 1, urikit is faster): the median of the per-round ratios. "+
		"`ada parse+href` is `ada::parse<ada::url_aggregator>` then `get_href()`, the reference of both urikit href rows; "+
		"`ada can_parse` is `ada::can_parse`. hrefs: whether the FNV-1a hash of every line's href is the same for both "+
		"(and the number of lines that parse).\n\n", rounds, urls)
	fmt.Fprintf(w, "| dataset | ada parse+href | urikit Parse+Href | × | urikit ParseInto+Href | × | ada can_parse | urikit CanParse | × | hrefs |\n")
	fmt.Fprintf(w, "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |\n")
	for _, d := range sets {
		med := func(k string) string { return fmt.Sprintf("%.1f", medianOf(d.ns[k])) }
		ratio := func(op string) string { return fmt.Sprintf("%.2f×", medianOf(d.ratios[op])) }
		check := fmt.Sprintf("same (%d ok)", d.goOK)
		if d.adaHash != d.goHash || d.adaOK != d.goOK {
			check = fmt.Sprintf("DIFFERENT (ok: ada %d, urikit %d)", d.adaOK, d.goOK)
		}
		if d.sumDiff > 0 {
			check += fmt.Sprintf("; %d timed passes summed differently", d.sumDiff)
		}
		if d.adaCanOK != d.goCanOK {
			check += fmt.Sprintf("; can_parse true: ada %d, urikit %d", d.adaCanOK, d.goCanOK)
		}
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", d.name,
			med("ada/href"), med("urikit/Parse+Href"), ratio("Parse+Href"),
			med("urikit/ParseInto+Href"), ratio("ParseInto+Href"),
			med("ada/canparse"), med("urikit/CanParse"), ratio("CanParse"), check)
	}
	fmt.Fprintln(w)
}

// adaOnlyMain runs the comparison alone and prints its section.
func adaOnlyMain(short bool) {
	adaSection(os.Stdout, short)
}

// adaBuildArgs returns the compiler arguments that build the driver.
func adaBuildArgs(src, out string) []string {
	return []string{"-O3", "-march=native", "-std=c++20", "-I", src,
		filepath.Join("ada", "driver.cpp"), filepath.Join(src, "ada.cpp"), "-o", out}
}

// adaVersion returns the ADA_VERSION of the amalgamation, or "".
func adaVersion() string {
	b, err := os.ReadFile(filepath.Join(*adaSrc, "ada.h"))
	if err != nil {
		return ""
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "#define ADA_VERSION "); ok {
			return strings.Trim(strings.TrimSpace(v), `"`)
		}
	}
	return ""
}

// adaCompiler returns the C++ compiler to use, or an error saying none
// was found.
func adaCompiler() (string, error) {
	if cxx := os.Getenv("CXX"); cxx != "" {
		p, err := exec.LookPath(cxx)
		if err != nil {
			return "", fmt.Errorf("no C++ compiler: CXX=%s not found", cxx)
		}
		return p, nil
	}
	for _, c := range []string{"g++", "clang++"} {
		if p, err := exec.LookPath(c); err == nil {
			return p, nil
		}
	}
	return "", fmt.Errorf("no C++ compiler found (g++ or clang++; or set CXX)")
}

// adaBuild builds the driver, or reuses the one built from the same
// sources with the same compiler, and returns its path.
func adaBuild() (string, error) {
	return cxxBuild("driver", filepath.Join("ada", "driver.cpp"), adaBuildArgs)
}

// cxxBuild builds the C++ program name from source (a file of bench/ada)
// and ada's amalgamation with the arguments args gives, or reuses the
// binary built from the same sources, arguments and compiler (cached in
// the user cache directory), and returns its path.
func cxxBuild(name, source string, args func(src, out string) []string) (string, error) {
	cxx, err := adaCompiler()
	if err != nil {
		return "", err
	}
	h := sha256.New()
	fmt.Fprintln(h, cxx, runtime.GOARCH, args("", ""))
	if v, err := exec.Command(cxx, "--version").Output(); err == nil {
		h.Write(v)
	}
	for _, f := range []string{source, filepath.Join(*adaSrc, "ada.h"), filepath.Join(*adaSrc, "ada.cpp")} {
		b, err := os.ReadFile(f)
		if err != nil {
			return "", fmt.Errorf("ada sources: %v", err)
		}
		h.Write(b)
	}
	cache, err := os.UserCacheDir()
	if err != nil {
		cache = os.TempDir()
	}
	dir := filepath.Join(cache, "urikit-bench", name+"-"+hex.EncodeToString(h.Sum(nil))[:16])
	out := filepath.Join(dir, name)
	if _, err := os.Stat(out); err == nil {
		return out, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp := out + ".tmp"
	a := args(*adaSrc, tmp)
	log.Printf("%s %s", cxx, strings.Join(a, " "))
	cmd := exec.Command(cxx, a...)
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("building %s: %v", source, err)
	}
	return out, os.Rename(tmp, out)
}

// adaDatasetFiles returns the dataset files, as internal/conformance
// finds them.
func adaDatasetFiles() ([]string, error) {
	dir := os.Getenv("URIKIT_DATASETS")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "datasets")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.txt"))
	if len(files) == 0 {
		return nil, fmt.Errorf("no datasets in %s (set URIKIT_DATASETS)", dir)
	}
	return files, nil
}

// adaReadLines splits a dataset into lines as internal/conformance does.
func adaReadLines(file string) ([]string, error) {
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(string(b), "\n"), "\n") {
		lines = append(lines, strings.TrimSuffix(line, "\r"))
	}
	return lines, nil
}

const (
	fnvOffset = 14695981039346656037
	fnvPrime  = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

// adaMeasure builds and starts the driver and runs the rounds.
func adaMeasure(rounds, urls int) ([]*adaDataset, error) {
	files, err := adaDatasetFiles()
	if err != nil {
		return nil, err
	}
	driver, err := adaBuild()
	if err != nil {
		return nil, err
	}
	cmd := exec.Command(driver, files...)
	cmd.Stderr = os.Stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	defer func() {
		stdin.Close()
		cmd.Wait()
	}()
	rd := bufio.NewReader(stdout)
	readLine := func() (string, error) {
		s, err := rd.ReadString('\n')
		if err != nil {
			return "", fmt.Errorf("ada driver: %v", err)
		}
		return strings.TrimSpace(s), nil
	}

	var sets []*adaDataset
	for _, f := range files {
		lines, err := adaReadLines(f)
		if err != nil {
			return nil, err
		}
		d := &adaDataset{name: filepath.Base(f), lines: lines, reps: max(1, (urls+len(lines)-1)/len(lines)),
			ns: map[string][]float64{}, ratios: map[string][]float64{}}
		d.goHash = fnvOffset
		for _, line := range lines {
			if u, err := whatwg.Parse(line); err == nil {
				d.goOK++
				d.goHash = fnvString(d.goHash, u.Href())
			}
			d.goHash = fnvString(d.goHash, "\n")
			if whatwg.CanParse(line) {
				d.goCanOK++
			}
		}
		sets = append(sets, d)
	}
	for range sets {
		s, err := readLine()
		if err != nil {
			return nil, err
		}
		var i, n int
		var h uint64
		var ok, can int
		if _, err := fmt.Sscanf(s, "file %d %d %d %d %d", &i, &n, &h, &ok, &can); err != nil || i >= len(sets) {
			return nil, fmt.Errorf("ada driver: unexpected %q", s)
		}
		if n != len(sets[i].lines) {
			return nil, fmt.Errorf("ada driver: %s has %d lines, not %d", sets[i].name, n, len(sets[i].lines))
		}
		sets[i].adaHash, sets[i].adaOK, sets[i].adaCanOK = h, ok, can
	}
	if s, err := readLine(); err != nil || s != "ready" {
		return nil, fmt.Errorf("ada driver: not ready (%q, %v)", s, err)
	}

	adaRound := func(i int, d *adaDataset, op string) (float64, int, error) {
		fmt.Fprintf(stdin, "%s %d %d\n", op, i, d.reps)
		s, err := readLine()
		if err != nil {
			return 0, 0, err
		}
		var ns int64
		var sum int
		if _, err := fmt.Sscanf(s, "%d %d", &ns, &sum); err != nil {
			return 0, 0, fmt.Errorf("ada driver: unexpected %q", s)
		}
		return float64(ns) / float64(d.reps*len(d.lines)), sum, nil
	}
	log.Printf("ada comparison: %d rounds of %d datasets", rounds, len(sets))
	for r := 0; r < rounds; r++ {
		for i, d := range sets {
			adaNS, adaSum := map[string]float64{}, map[string]int{}
			goNS, goSum := map[string]float64{}, map[string]int{}
			runAda := func() error {
				for _, op := range []string{"href", "canparse"} {
					v, sum, err := adaRound(i, d, op)
					if err != nil {
						return err
					}
					adaNS[op], adaSum[op] = v, sum
				}
				return nil
			}
			runGo := func() {
				for _, op := range adaOps {
					goNS[op.name], goSum[op.name] = goRound(d, op.name)
				}
			}
			if r%2 == 0 {
				if err := runAda(); err != nil {
					return nil, err
				}
				runGo()
			} else {
				runGo()
				if err := runAda(); err != nil {
					return nil, err
				}
			}
			for k, v := range adaNS {
				d.ns["ada/"+k] = append(d.ns["ada/"+k], v)
			}
			for _, op := range adaOps {
				d.ns["urikit/"+op.name] = append(d.ns["urikit/"+op.name], goNS[op.name])
				d.ratios[op.name] = append(d.ratios[op.name], goNS[op.name]/adaNS[op.peer])
				if goSum[op.name] != adaSum[op.peer] {
					d.sumDiff++
				}
			}
		}
	}
	return sets, nil
}

// goRound times one measurement of urikit's operation op on d and returns
// its ns/URL and the sum of its last pass (total href length, or the
// number of lines CanParse accepts), which ada's must equal.
func goRound(d *adaDataset, op string) (float64, int) {
	runtime.GC()
	sum := 0
	var t0 int64
	switch op {
	case "Parse+Href":
		t0 = cpuNanos()
		for range d.reps {
			sum = 0
			for _, line := range d.lines {
				if u, err := whatwg.Parse(line); err == nil {
					sum += len(u.Href())
				}
			}
		}
	case "ParseInto+Href":
		var u whatwg.URL
		t0 = cpuNanos()
		for range d.reps {
			sum = 0
			for _, line := range d.lines {
				if whatwg.ParseInto(&u, line) == nil {
					sum += len(u.Href())
				}
			}
		}
	case "CanParse":
		t0 = cpuNanos()
		for range d.reps {
			sum = 0
			for _, line := range d.lines {
				if whatwg.CanParse(line) {
					sum++
				}
			}
		}
	}
	ns := cpuNanos() - t0
	return float64(ns) / float64(d.reps*len(d.lines)), sum
}

func medianOf(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}
