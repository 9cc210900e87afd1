package offline

import "time"

// Word is one word, number or quoted string of free text, read the way the engine reads a
// question. Other packages (template matching) use it so that "orders", "Orders" and "order"
// are the same word everywhere in the service.
type Word struct {
	// Text is the word as typed (quotes removed).
	Text string
	// Lower is Text in lower case; Norm is Lower in its singular form.
	Lower, Norm string
	// Number is the value of a number word ("12.5", "1,000", "five", "10k") when IsNumber.
	Number   float64
	IsNumber bool
	// Quoted says the word came from "..." or '...': a literal, never a keyword.
	Quoted bool
}

// DateRange is a date expression of the text as the half-open range of days [From, To); a zero
// bound is open ("since March 2024" has no To).
type DateRange struct {
	From, To time.Time
}

// Text is free text split into words, with the engine's date phrase parser relative to a day.
type Text struct {
	toks []token
	dp   dateParser
}

// Read splits text into words; now anchors relative dates ("this year", "last month").
func Read(text string, now time.Time) Text {
	return Text{toks: tokenize(text), dp: newDateParser(now)}
}

// Len is the number of words.
func (t Text) Len() int { return len(t.toks) }

// Word returns the i-th word.
func (t Text) Word(i int) Word {
	tk := t.toks[i]
	return Word{Text: tk.raw, Lower: tk.lower, Norm: tk.norm, Number: tk.num, IsNumber: tk.isNum, Quoted: tk.quoted}
}

// DateAt reads a date expression starting at word i ("in 2024", "since March 2024",
// "2024-03-15", "this year", "between Q1 and Q2 2024"): its range and how many words it spans,
// leading prepositions such as "in" included.
func (t Text) DateAt(i int) (DateRange, int, bool) {
	if i < 0 || i >= len(t.toks) {
		return DateRange{}, 0, false
	}
	r, n, ok := t.dp.parse(t.toks, i, false)
	if !ok {
		return DateRange{}, 0, false
	}
	return DateRange{From: r.from, To: r.to}, n, true
}
