package main

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// progressInterval is how often the progress line is redrawn; the first
// drawing waits as long, so a short run shows nothing.
const progressInterval = 250 * time.Millisecond

// progressBar redraws a progress line on a terminal until stopped. Writes
// through it (the failures' messages) first clear the line, which the next
// tick draws again under them.
type progressBar struct {
	w       io.Writer
	total   int64         // input bytes
	read    *atomic.Int64 // input bytes read
	records *atomic.Int64 // records written
	start   time.Time

	mu    sync.Mutex
	shown bool

	stopc chan struct{}
	done  chan struct{}
}

// startProgress starts a progress line on w when w is a terminal and the
// input size is known (total > 0), and returns nil otherwise. The methods
// of a nil *progressBar do nothing.
func startProgress(w io.Writer, total int64, read, records *atomic.Int64, every time.Duration) *progressBar {
	f, ok := w.(*os.File)
	if total <= 0 || !ok || !isTerminal(f) {
		return nil
	}
	p := &progressBar{w: w, total: total, read: read, records: records, start: time.Now(),
		stopc: make(chan struct{}), done: make(chan struct{})}
	go p.loop(every)
	return p
}

func (p *progressBar) loop(every time.Duration) {
	defer close(p.done)
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-t.C:
			p.draw()
		case <-p.stopc:
			return
		}
	}
}

func (p *progressBar) draw() {
	line := progressLine(p.read.Load(), p.total, p.records.Load(), time.Since(p.start))
	p.mu.Lock()
	defer p.mu.Unlock()
	io.WriteString(p.w, "\r"+line+"\x1b[K")
	p.shown = true
}

// clear erases the line if it is shown; p.mu must be held.
func (p *progressBar) clear() {
	if p.shown {
		io.WriteString(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// Write clears the progress line and writes b, in one write.
func (p *progressBar) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if !p.shown {
		return p.w.Write(b)
	}
	p.shown = false
	if _, err := p.w.Write(append([]byte("\r\x1b[K"), b...)); err != nil {
		return 0, err
	}
	return len(b), nil
}

// stop stops the redrawing and erases the line.
func (p *progressBar) stop() {
	if p == nil {
		return
	}
	close(p.stopc)
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clear()
}

// progressLine renders the progress of a run: a bar, the percentage, the
// bytes read of the total, the records per second and the time left
// (estimated from the byte rate so far). It fits in 80 columns.
func progressLine(read, total, records int64, elapsed time.Duration) string {
	read = min(max(read, 0), total)
	frac := float64(read) / float64(total)
	const width = 20
	fill := int(frac * width)
	bar := strings.Repeat("=", fill) + strings.Repeat(" ", width-fill)
	if fill < width && fill > 0 {
		bar = bar[:fill-1] + ">" + bar[fill:]
	}
	secs := elapsed.Seconds()
	rate, left := "-", "-:--"
	if secs > 0 && read > 0 {
		rate = siCount(float64(records)/secs) + " rec/s"
		remain := float64(total-read) / (float64(read) / secs)
		left = clock(time.Duration(remain * float64(time.Second)))
	}
	return fmt.Sprintf("[%s] %3d%% %s/%s  %s  %s left", bar, int(frac*100), siBytes(read), siBytes(total), rate, left)
}

// siBytes formats a byte count with a decimal unit: 999 B, 1.5 kB, 12.3 MB.
func siBytes(n int64) string {
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	return siCount(float64(n)) + "B"
}

// siCount formats a count with a decimal prefix: 950, 1.5k, 12.3M, 4.0G.
func siCount(v float64) string {
	switch {
	case v < 1e3:
		return fmt.Sprintf("%.0f", v)
	case v < 1e6:
		return fmt.Sprintf("%.1fk", v/1e3)
	case v < 1e9:
		return fmt.Sprintf("%.1fM", v/1e6)
	case v < 1e12:
		return fmt.Sprintf("%.1fG", v/1e9)
	}
	return fmt.Sprintf("%.1fT", v/1e12)
}

// clock formats d as m:ss or h:mm:ss.
func clock(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	if s >= 3600 {
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}
