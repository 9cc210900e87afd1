package netguard

import "net/netip"

// blockedRange is one entry of the immutable tables below.
type blockedRange struct {
	prefix netip.Prefix
	reason string
}

func r(prefix, reason string) blockedRange {
	return blockedRange{netip.MustParsePrefix(prefix), reason}
}

// metadataAddrs are cloud instance-metadata endpoints. They hand out credentials, so they are
// refused even when private targets are allowed: no legitimate webhook receiver, database or
// model server lives there.
var metadataAddrs = []blockedRange{
	r("169.254.169.254/32", "a cloud metadata address"), // AWS, GCP, Azure, OpenStack, ...
	r("169.254.170.2/32", "a cloud metadata address"),   // AWS ECS task metadata
	r("100.100.100.200/32", "a cloud metadata address"), // Alibaba Cloud
	r("fd00:ec2::254/128", "a cloud metadata address"),  // AWS IPv6
}

// privateRanges are addresses that are not publicly routable. They are refused unless private
// targets are allowed. The list follows the IANA special-purpose registries and what Svix and
// the OWASP SSRF cheat sheet block.
var privateRanges = []blockedRange{
	// IPv4
	r("0.0.0.0/8", "an unspecified (this-network) address"),
	r("10.0.0.0/8", "a private address"),
	r("100.64.0.0/10", "a carrier-grade NAT (CGNAT) address"),
	r("127.0.0.0/8", "a loopback address"),
	r("169.254.0.0/16", "a link-local address"),
	r("172.16.0.0/12", "a private address"),
	r("192.0.0.0/24", "an IETF protocol address"),
	r("192.0.2.0/24", "a documentation address"),
	r("192.88.99.0/24", "a 6to4 relay address"),
	r("192.168.0.0/16", "a private address"),
	r("198.18.0.0/15", "a benchmarking address"),
	r("198.51.100.0/24", "a documentation address"),
	r("203.0.113.0/24", "a documentation address"),
	r("224.0.0.0/4", "a multicast address"),
	r("240.0.0.0/4", "a reserved or broadcast address"),
	// IPv6 (IPv4-mapped addresses are unmapped and checked as IPv4 first)
	r("::/128", "an unspecified address"),
	r("::1/128", "a loopback address"),
	r("::/96", "an IPv4-compatible address"),
	r("64:ff9b:1::/48", "a local NAT64 address"),
	r("100::/64", "a discard-only address"),
	r("2001::/23", "an IETF protocol address (Teredo, ORCHID, ...)"),
	r("2001:db8::/32", "a documentation address"),
	r("2002::/16", "a 6to4 address"),
	r("3fff::/20", "a documentation address"),
	r("fc00::/7", "a unique-local address"),
	r("fe80::/10", "a link-local address"),
	r("fec0::/10", "a site-local address"),
	r("ff00::/8", "a multicast address"),
}

// nat64 is the well-known NAT64 prefix: the last 32 bits are an IPv4 address that a NAT64
// gateway will reach, so that embedded address is what must be checked.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// BlockedReason returns why ip may not be dialled ("" when it may). Metadata endpoints are
// always refused; the other non-public ranges only when allowPrivate is false. IPv4-mapped
// IPv6 addresses are checked as the IPv4 address they carry, NAT64 ones as the embedded IPv4.
func BlockedReason(ip netip.Addr, allowPrivate bool) string {
	ip = ip.Unmap().WithZone("")
	if nat64.Contains(ip) {
		b := ip.As16()
		ip = netip.AddrFrom4([4]byte(b[12:16]))
	}
	for _, br := range metadataAddrs {
		if br.prefix.Contains(ip) {
			return br.reason
		}
	}
	if allowPrivate {
		return ""
	}
	for _, br := range privateRanges {
		if br.prefix.Contains(ip) {
			return br.reason
		}
	}
	return ""
}
