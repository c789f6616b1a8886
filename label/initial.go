package label

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Initial returns a mark of one or two characters per spec, unique in the
// set, taken from its short label: an upper-case first letter, alone when no
// other label starts with it, else followed by a lower-case letter or digit
// of the label (`T`, `Hm`, `H5`). A prefix that every label shares up to a
// separator (`t_` of `t_alpha`, `t_beta`) is skipped first. When a first
// letter starts more labels than it has second characters, the label takes
// any free two-character mark; past the 962 marks there are (26 upper-case
// letters, alone or with one of 36 letters and digits), numbers follow.
func Initial(specs []string) []string {
	distinct := sortedSet(specs)
	shorts := Short(distinct)
	cut := commonPrefix(shorts)
	words := make([][]rune, len(distinct))
	firstCount := map[rune]int{}
	for i, s := range shorts {
		words[i] = alnum(s[cut:])
		if len(words[i]) == 0 {
			words[i] = alnum(s)
		}
		firstCount[first(words[i])]++
	}
	taken := map[string]bool{}
	marks := make(map[string]string, len(distinct))
	// Lone first letters first, so no two-letter mark is needed for them.
	for i, s := range distinct {
		if f := first(words[i]); firstCount[f] == 1 {
			marks[s] = string(f)
			taken[marks[s]] = true
		}
	}
	next := 0 // counter of the numbered fallback
	for i, s := range distinct {
		if marks[s] != "" {
			continue
		}
		marks[s] = twoLetters(words[i], taken)
		if marks[s] == "" {
			for next++; taken[strconv.Itoa(next)]; next++ {
			}
			marks[s] = strconv.Itoa(next)
		}
		taken[marks[s]] = true
	}
	out := make([]string, len(specs))
	for i, s := range specs {
		out[i] = marks[s]
	}
	return out
}

// seconds are the characters that may follow an initial, in the order
// tried after the label's own.
const seconds = "abcdefghijklmnopqrstuvwxyz0123456789"

// twoLetters returns the first free mark of the word's first letter and one
// of its later characters, then of the first letter and any character, then
// any free two-character mark; "" when all are taken.
func twoLetters(word []rune, taken map[string]bool) string {
	f := first(word)
	try := func(a, b rune) string {
		m := string(a) + string(unicode.ToLower(b))
		if taken[m] {
			return ""
		}
		return m
	}
	for _, r := range word[1:] {
		if m := try(f, r); m != "" {
			return m
		}
	}
	for _, r := range seconds {
		if m := try(f, r); m != "" {
			return m
		}
	}
	for a := 'A'; a <= 'Z'; a++ {
		if !taken[string(a)] {
			return string(a)
		}
		for _, r := range seconds {
			if m := try(a, r); m != "" {
				return m
			}
		}
	}
	return ""
}

// first is the mark's first character: the word's first, upper-case, or
// '?' for an empty word.
func first(word []rune) rune {
	if len(word) == 0 {
		return '?'
	}
	return unicode.ToUpper(word[0])
}

// alnum keeps the letters and digits of s.
func alnum(s string) []rune {
	var out []rune
	for _, r := range s {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out = append(out, r)
		}
	}
	return out
}

// commonPrefix is the length of the longest prefix that all labels share
// and that ends just after a separator (anything but a letter or digit),
// so that what is left of each label starts a word. 0 for fewer than two
// labels.
func commonPrefix(labels []string) int {
	if len(labels) < 2 {
		return 0
	}
	p := labels[0]
	for _, l := range labels[1:] {
		for !strings.HasPrefix(l, p) {
			p = p[:len(p)-1]
		}
	}
	for i := len(p); i > 0; {
		r, size := utf8.DecodeLastRuneInString(p[:i])
		if r != utf8.RuneError && !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return i
		}
		i -= size
	}
	return 0
}
