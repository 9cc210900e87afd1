package datasource

import "testing"

// TestLabelLikeColumnsAreJudgedByTheirWords: prose, contact data and secrets are not indexed,
// but a street or city kept under an address is a place people ask about by name.
func TestLabelLikeColumnsAreJudgedByTheirWords(t *testing.T) {
	for name, want := range map[string]bool{
		"name": true, "ProductName": true, "address_street_name": true, "address_city": true, "city": true,
		"address": false, "email_address": false, "description": false, "zip_code": false, "password": false,
		"address_line1": false,
	} {
		if got := labelLike(name); got != want {
			t.Errorf("labelLike(%q) = %v, want %v", name, got, want)
		}
	}
}
