package offline

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"io"
	"sort"
	"sync"

	"github.com/analytics-agent/service/datasource"
	"github.com/analytics-agent/service/nlq"
)

// vocab is what the engine derives from a schema and a semantic layer: the classified model and
// the lexicon. Both are read-only once built, so one vocab serves concurrent questions.
type vocab struct {
	m   *model
	lex *lexicon
}

// maxCached bounds the vocabularies kept: one per (permitted schema, semantic layer) in use.
const maxCached = 256

// vocabCache keeps vocabularies by a fingerprint of everything they are built from, so a
// schema's vocabulary is built once after a refresh (or a change of permissions or semantics)
// rather than for every question: on a 100-table schema building it costs more than reading
// the question.
type vocabCache struct {
	mu     sync.Mutex
	m      map[uint64]*vocab
	values int // indexed values held by the cached vocabularies
}

// maxCachedValues bounds the value-index entries all cached vocabularies hold (a full index of
// one data source is 200k values, some tens of MB once indexed).
const maxCachedValues = 1_000_000

func (c *vocabCache) get(s *datasource.Schema, syn map[string]string, sem *nlq.Semantics) *vocab {
	key := fingerprint(s, syn, sem)
	c.mu.Lock()
	v := c.m[key]
	c.mu.Unlock()
	if v != nil {
		return v
	}
	m := newModel(s)
	m.addDerivedMetrics()
	m.addMargins()
	m.addRates()
	m.addSemantics(sem)
	lex := newLexicon(m, syn)
	lex.addSemantics(m, sem)
	v = &vocab{m: m, lex: lex}
	c.mu.Lock()
	if c.m == nil || len(c.m) >= maxCached || c.values+lex.nValues > maxCachedValues {
		// Simple and bounded, in vocabularies and in indexed values: a full cache starts over.
		c.m = map[uint64]*vocab{}
		c.values = 0
	}
	c.m[key] = v
	c.values += lex.nValues
	c.mu.Unlock()
	return v
}

// fingerprint hashes every input of a vocabulary.
func fingerprint(s *datasource.Schema, syn map[string]string, sem *nlq.Semantics) uint64 {
	h := fnv.New64a()
	w := func(x string) { io.WriteString(h, x); h.Write([]byte{0}) }
	for _, t := range s.Tables {
		w("T" + t.Name)
		for _, c := range t.Columns {
			w(c.Name)
			w(c.Type)
			for _, v := range c.SampleValues {
				w(v)
			}
			w("")
		}
		for _, p := range t.PrimaryKey {
			w("P" + p)
		}
		for _, f := range t.ForeignKeys {
			for _, c := range f.Columns {
				w("F" + c)
			}
			w(f.RefTable)
			for _, c := range f.RefColumns {
				w(c)
			}
		}
	}
	// The value index can hold 200k values: it is summed up by its size, ends and refresh time
	// rather than hashed whole on every question (it changes only with a refresh).
	w(s.RefreshedAt.String())
	for _, p := range s.Profile {
		w("V" + p.Table + "." + p.Column)
		w(fmt.Sprint(p.Rows, p.NonNull, p.Distinct, len(p.Values)))
		w(p.Min)
		w(p.Max)
		if n := len(p.Values); n > 0 {
			w(p.Values[0])
			w(p.Values[n/2])
			w(p.Values[n-1])
		}
	}
	keys := make([]string, 0, len(syn))
	for k := range syn {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		w("S" + k)
		w(syn[k])
	}
	if sem != nil {
		b, _ := json.Marshal(sem)
		h.Write(b)
	}
	return h.Sum64()
}
