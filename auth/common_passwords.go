package auth

import "strings"

// commonPasswords are the most used passwords of at least 10 characters from public breach
// corpora (SecLists' top lists), lower-cased. The length rule already refuses shorter ones.
var commonPasswords = func() map[string]bool {
	m := map[string]bool{}
	for _, p := range strings.Fields(commonPasswordList) {
		m[p] = true
	}
	return m
}()

func isCommon(pw string) bool {
	return commonPasswords[strings.ToLower(pw)]
}

const commonPasswordList = `
1234567890 0123456789 1234567891 qwertyuiop 1q2w3e4r5t 1qaz2wsx3edc password12 password123
password1! password01 passw0rd12 iloveyou12 iloveyou123 qwerty1234 qwerty12345 qwerty123456
123456789a a123456789 1234qwer!! abc1234567 abcd123456 abcdefg123 12345qwert asdfghjkl1
zxcvbnm123 1q2w3e4r5t6y password2020 password2021 password2022 password2023 password2024
password2025 password2026 welcome123 welcome1234 welcome2024 letmein123 letmein1234 football12
football123 baseball123 basketball1 superman123 batman12345 princess12 sunshine123 monkey1234
dragon1234 master1234 shadow1234 michael123 jennifer12 trustno1234 changeme12 changeme123
administrator admin12345 admin123456 admin@1234 root123456 p@ssw0rd12 p@ssword123 passw0rd!
qwerty!234 q1w2e3r4t5 q1w2e3r4t5y6 1qazxsw23edc zaq12wsx34 1q2w3e4r5t! password!1 password!!
summer2024 winter2024 spring2024 autumn2024 summer2025 winter2025 company123 secret1234
secret12345 mypassword1 mypassword123 hello12345 hello123456 loveyou123 computer12 computer123
internet12 starwars123 pokemon1234 chocolate1 chocolate12 liverpool1 liverpool12 chelsea123
arsenal123 1111111111 1212121212 1122334455 9876543210 0987654321 aaaaaaaaa1 abcabc1234
`
