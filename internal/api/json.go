package api

import (
	"reflect"
	"slices"
	"strings"
	"sync"
	"unicode"
)

// jsonFields caches, for each struct type, the fields encoding/json
// decodes (for the check of a request's options).
type jsonFields struct {
	fields sync.Map // reflect.Type → []jsonField
}

// jsonField is one field of a struct as encoding/json encodes it.
type jsonField struct {
	index     []int
	key       string // the name
	name      string // `"name":`
	omitEmpty bool
	omitZero  bool
	quoted    bool // the ",string" option
}

// structFields returns the fields encoding/json encodes for the struct
// type t, in its order, with the names embedded structs promote and the
// same rules for names that collide.
func (c *jsonFields) structFields(t reflect.Type) []jsonField {
	if f, ok := c.fields.Load(t); ok {
		return f.([]jsonField)
	}
	f, _ := c.fields.LoadOrStore(t, typeFields(t))
	return f.([]jsonField)
}

// typeFields follows encoding/json: a breadth-first walk of the embedded
// structs, where a name at a lesser depth hides the same name deeper, and
// two at the same depth hide each other unless exactly one is tagged.
func typeFields(t reflect.Type) []jsonField {
	type candidate struct {
		jsonField
		name   string
		depth  int
		tagged bool
	}
	type level struct {
		typ   reflect.Type
		index []int
	}
	var all []candidate
	visited := map[reflect.Type]bool{}
	next := []level{{typ: t}}
	for depth := 0; len(next) > 0; depth++ {
		current := next
		next = nil
		for _, l := range current {
			if visited[l.typ] {
				continue
			}
			visited[l.typ] = true
			for i := range l.typ.NumField() {
				sf := l.typ.Field(i)
				if sf.Anonymous {
					ft := sf.Type
					if ft.Kind() == reflect.Pointer {
						ft = ft.Elem()
					}
					if !sf.IsExported() && ft.Kind() != reflect.Struct {
						continue
					}
				} else if !sf.IsExported() {
					continue
				}
				tag := sf.Tag.Get("json")
				if tag == "-" {
					continue
				}
				name, opts, _ := strings.Cut(tag, ",")
				if !validTag(name) {
					name = ""
				}
				index := append(slices.Clone(l.index), i)
				ft := sf.Type
				if ft.Name() == "" && ft.Kind() == reflect.Pointer {
					ft = ft.Elem()
				}
				if name != "" || !sf.Anonymous || ft.Kind() != reflect.Struct {
					tagged := name != ""
					if name == "" {
						name = sf.Name
					}
					quoted := false
					if hasOption(opts, "string") {
						switch ft.Kind() {
						case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
							reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
							reflect.Float32, reflect.Float64, reflect.String:
							quoted = true
						}
					}
					all = append(all, candidate{
						jsonField: jsonField{index: index, key: name, name: `"` + name + `":`,
							omitEmpty: hasOption(opts, "omitempty"), omitZero: hasOption(opts, "omitzero"), quoted: quoted},
						name: name, depth: depth, tagged: tagged,
					})
					continue
				}
				next = append(next, level{typ: ft, index: index})
			}
		}
	}
	// Keep, for each name, the dominant field.
	byName := map[string][]candidate{}
	for _, c := range all {
		byName[c.name] = append(byName[c.name], c)
	}
	var out []candidate
	for _, c := range all {
		group := byName[c.name]
		if group == nil {
			continue
		}
		byName[c.name] = nil
		minDepth := group[0].depth
		for _, g := range group {
			minDepth = min(minDepth, g.depth)
		}
		var top []candidate
		for _, g := range group {
			if g.depth == minDepth {
				top = append(top, g)
			}
		}
		if len(top) > 1 {
			var tagged []candidate
			for _, g := range top {
				if g.tagged {
					tagged = append(tagged, g)
				}
			}
			if len(tagged) != 1 {
				continue
			}
			top = tagged
		}
		out = append(out, top[0])
	}
	slices.SortFunc(out, func(a, b candidate) int { return slices.Compare(a.index, b.index) })
	fields := make([]jsonField, len(out))
	for i, c := range out {
		fields[i] = c.jsonField
	}
	return fields
}

// validTag is encoding/json's test of a tag name.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

func hasOption(opts, name string) bool {
	for opts != "" {
		var o string
		o, opts, _ = strings.Cut(opts, ",")
		if o == name {
			return true
		}
	}
	return false
}
