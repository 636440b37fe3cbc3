package urlpattern

// The standard's constructor string parser: it splits a pattern written
// as a URL ("https://*.example.com/books/:id") into the pattern strings of
// its components, from lenient tokens.

type csState uint8

const (
	csInit csState = iota
	csProtocol
	csAuthority
	csUsername
	csPassword
	csHostname
	csPort
	csPathname
	csSearch
	csHash
	csDone
)

type constructorParser struct {
	input          string
	tokens         []token
	result         Init
	componentStart int
	tokenIndex     int
	tokenIncrement int
	groupDepth     int
	ipv6Depth      int
	special        bool
	state          csState
}

func (p *constructorParser) field(s csState) **string {
	switch s {
	case csProtocol:
		return &p.result.Protocol
	case csUsername:
		return &p.result.Username
	case csPassword:
		return &p.result.Password
	case csHostname:
		return &p.result.Hostname
	case csPort:
		return &p.result.Port
	case csPathname:
		return &p.result.Pathname
	case csSearch:
		return &p.result.Search
	case csHash:
		return &p.result.Hash
	}
	return nil
}

func (p *constructorParser) safeToken(i int) *token {
	if i < len(p.tokens) {
		return &p.tokens[i]
	}
	return &p.tokens[len(p.tokens)-1]
}

func (p *constructorParser) isNonSpecialPatternChar(i int, v string) bool {
	t := p.safeToken(i)
	if t.value != v {
		return false
	}
	return t.typ == tokChar || t.typ == tokEscapedChar || t.typ == tokInvalidChar
}

func (p *constructorParser) isProtocolSuffix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}
func (p *constructorParser) nextIsAuthoritySlashes() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex+1, "/") && p.isNonSpecialPatternChar(p.tokenIndex+2, "/")
}
func (p *constructorParser) isIdentityTerminator() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "@")
}
func (p *constructorParser) isPasswordPrefix() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, ":")
}
func (p *constructorParser) isPortPrefix() bool { return p.isNonSpecialPatternChar(p.tokenIndex, ":") }
func (p *constructorParser) isPathnameStart() bool {
	return p.isNonSpecialPatternChar(p.tokenIndex, "/")
}
func (p *constructorParser) isHashPrefix() bool { return p.isNonSpecialPatternChar(p.tokenIndex, "#") }
func (p *constructorParser) isIPv6Open() bool   { return p.isNonSpecialPatternChar(p.tokenIndex, "[") }
func (p *constructorParser) isIPv6Close() bool  { return p.isNonSpecialPatternChar(p.tokenIndex, "]") }

func (p *constructorParser) isSearchPrefix() bool {
	if p.isNonSpecialPatternChar(p.tokenIndex, "?") {
		return true
	}
	if p.tokens[p.tokenIndex].value != "?" {
		return false
	}
	prev := p.tokenIndex - 1
	if prev < 0 {
		return true
	}
	switch p.safeToken(prev).typ {
	case tokName, tokRegexp, tokClose, tokAsterisk:
		return false
	}
	return true
}

func (p *constructorParser) makeComponentString() string {
	t := &p.tokens[p.tokenIndex]
	start := p.safeToken(p.componentStart).index
	return p.input[start:t.index]
}

func strp(s string) *string { return &s }

func (p *constructorParser) changeState(next csState, skip int) {
	if p.state != csInit && p.state != csAuthority && p.state != csDone {
		*p.field(p.state) = strp(p.makeComponentString())
	}
	if p.state != csInit && next != csDone {
		if (p.state == csProtocol || p.state == csAuthority || p.state == csUsername || p.state == csPassword) &&
			(next == csPort || next == csPathname || next == csSearch || next == csHash) && p.result.Hostname == nil {
			p.result.Hostname = strp("")
		}
		if (p.state >= csProtocol && p.state <= csPort) && (next == csSearch || next == csHash) && p.result.Pathname == nil {
			if p.special {
				p.result.Pathname = strp("/")
			} else {
				p.result.Pathname = strp("")
			}
		}
		if (p.state >= csProtocol && p.state <= csPathname) && next == csHash && p.result.Search == nil {
			p.result.Search = strp("")
		}
	}
	p.state = next
	p.tokenIndex += skip
	p.componentStart = p.tokenIndex
	p.tokenIncrement = 0
}

func (p *constructorParser) rewind() {
	p.tokenIndex = p.componentStart
	p.tokenIncrement = 0
}

func (p *constructorParser) rewindAndSet(s csState) {
	p.rewind()
	p.state = s
}

func (p *constructorParser) computeSpecial() error {
	c, err := compileComponent("protocol", p.makeComponentString(), canonProtocol, defaultOptions)
	if err != nil {
		return err
	}
	p.special = c.matchesSpecialScheme()
	return nil
}

// parseConstructorString is the standard's "parse a constructor string".
func parseConstructorString(input string) (*Init, error) {
	toks, err := tokenize(input, true)
	if err != nil {
		return nil, err
	}
	p := &constructorParser{input: input, tokens: toks}
	for p.tokenIndex < len(p.tokens) {
		p.tokenIncrement = 1
		if p.tokens[p.tokenIndex].typ == tokEnd {
			if p.state == csInit {
				p.rewind()
				if p.isHashPrefix() {
					p.changeState(csHash, 1)
				} else if p.isSearchPrefix() {
					p.changeState(csSearch, 1)
				} else {
					p.changeState(csPathname, 0)
				}
				p.tokenIndex += p.tokenIncrement
				continue
			}
			if p.state == csAuthority {
				p.rewindAndSet(csHostname)
				p.tokenIndex += p.tokenIncrement
				continue
			}
			p.changeState(csDone, 0)
			break
		}
		if p.tokens[p.tokenIndex].typ == tokOpen {
			p.groupDepth++
			p.tokenIndex += p.tokenIncrement
			continue
		}
		if p.groupDepth > 0 {
			if p.tokens[p.tokenIndex].typ == tokClose {
				p.groupDepth--
			} else {
				p.tokenIndex += p.tokenIncrement
				continue
			}
		}
		switch p.state {
		case csInit:
			if p.isProtocolSuffix() {
				p.rewindAndSet(csProtocol)
			}
		case csProtocol:
			if p.isProtocolSuffix() {
				if err := p.computeSpecial(); err != nil {
					return nil, err
				}
				next, skip := csPathname, 1
				if p.nextIsAuthoritySlashes() {
					next, skip = csAuthority, 3
				} else if p.special {
					next = csAuthority
				}
				p.changeState(next, skip)
			}
		case csAuthority:
			if p.isIdentityTerminator() {
				p.rewindAndSet(csUsername)
			} else if p.isPathnameStart() || p.isSearchPrefix() || p.isHashPrefix() {
				p.rewindAndSet(csHostname)
			}
		case csUsername:
			if p.isPasswordPrefix() {
				p.changeState(csPassword, 1)
			} else if p.isIdentityTerminator() {
				p.changeState(csHostname, 1)
			}
		case csPassword:
			if p.isIdentityTerminator() {
				p.changeState(csHostname, 1)
			}
		case csHostname:
			if p.isIPv6Open() {
				p.ipv6Depth++
			} else if p.isIPv6Close() {
				p.ipv6Depth--
			} else if p.isPortPrefix() && p.ipv6Depth == 0 {
				p.changeState(csPort, 1)
			} else if p.isPathnameStart() {
				p.changeState(csPathname, 0)
			} else if p.isSearchPrefix() {
				p.changeState(csSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		case csPort:
			if p.isPathnameStart() {
				p.changeState(csPathname, 0)
			} else if p.isSearchPrefix() {
				p.changeState(csSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		case csPathname:
			if p.isSearchPrefix() {
				p.changeState(csSearch, 1)
			} else if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		case csSearch:
			if p.isHashPrefix() {
				p.changeState(csHash, 1)
			}
		}
		p.tokenIndex += p.tokenIncrement
	}
	if p.result.Hostname != nil && p.result.Port == nil {
		p.result.Port = strp("")
	}
	return &p.result, nil
}
