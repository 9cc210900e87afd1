package netguard

import (
	"net/netip"
	"testing"
)

func TestBlockedReason(t *testing.T) {
	tests := []struct {
		ip                  string
		blocked, blockedDev bool // AllowPrivate false / true
	}{
		{"93.184.216.34", false, false},
		{"8.8.8.8", false, false},
		{"2606:2800:220:1::1", false, false},
		{"64:ff9b::808:808", false, false}, // NAT64 of 8.8.8.8
		{"0.0.0.0", true, false},
		{"10.0.0.1", true, false},
		{"10.255.255.255", true, false},
		{"100.64.0.1", true, false},
		{"100.127.255.254", true, false},
		{"127.0.0.1", true, false},
		{"127.1.2.3", true, false},
		{"169.254.1.1", true, false},
		{"172.16.0.1", true, false},
		{"172.31.255.255", true, false},
		{"172.32.0.1", false, false},
		{"192.168.0.1", true, false},
		{"224.0.0.1", true, false},
		{"255.255.255.255", true, false},
		{"::", true, false},
		{"::1", true, false},
		{"::ffff:127.0.0.1", true, false},
		{"::ffff:8.8.8.8", false, false},
		{"64:ff9b::a00:1", true, false}, // NAT64 of 10.0.0.1
		{"fc00::1", true, false},
		{"fd12:3456::1", true, false},
		{"fe80::1", true, false},
		{"fe80::1%eth0", true, false},
		{"ff02::1", true, false},
		{"2001:db8::1", true, false},
		{"2002:7f00:1::", true, false},
		// metadata endpoints: refused even in development mode
		{"169.254.169.254", true, true},
		{"::ffff:169.254.169.254", true, true},
		{"64:ff9b::a9fe:a9fe", true, true},
		{"169.254.170.2", true, true},
		{"100.100.100.200", true, true},
		{"fd00:ec2::254", true, true},
	}
	for _, tc := range tests {
		ip := netip.MustParseAddr(tc.ip)
		if got := BlockedReason(ip, false) != ""; got != tc.blocked {
			t.Errorf("BlockedReason(%s, false) blocked=%v, want %v", tc.ip, got, tc.blocked)
		}
		if got := BlockedReason(ip, true) != ""; got != tc.blockedDev {
			t.Errorf("BlockedReason(%s, true) blocked=%v, want %v", tc.ip, got, tc.blockedDev)
		}
	}
}
