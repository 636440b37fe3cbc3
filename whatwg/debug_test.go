package whatwg

import "strconv"

// debugString shows the href with the component offsets, for test
// failure messages.
func (u *URL) debugString() string {
	return u.href + " [" + strconv.Itoa(int(u.schemeEnd)) + " " + strconv.Itoa(int(u.userEnd)) + " " +
		strconv.Itoa(int(u.hostStart)) + " " + strconv.Itoa(int(u.hostEnd)) + " " +
		strconv.Itoa(int(u.pathStart)) + " " + strconv.Itoa(int(u.queryStart)) + " " + strconv.Itoa(int(u.fragStart)) + "]"
}
