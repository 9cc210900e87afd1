package offline

import "testing"

// TestANumberedPlaceIsOneOfItsValues: a number said with the name of a column that numbers
// places in a series ("arrondissement 20", "the 11th arrondissement", in figures or words) keeps
// the rows of that number; it is neither a figure added up nor a count of rows to show.
func TestANumberedPlaceIsOneOfItsValues(t *testing.T) {
	lite, s := sqliteSchema(t, "underground", undergroundDDL, undergroundRows)
	checkAnswers(t, lite, s, []answer{
		{"How many stations are in the 11th arrondissement?", []string{"2"}},
		{"Which station in arrondissement 20 had the most entries?", []string{"Nation"}},
		{"Which station in the 20th arrondissement had the most entries?", []string{"Nation"}},
		{"Which stations are in the tenth arrondissement?", []string{"Chapelle", "Nord"}},
	})
}
