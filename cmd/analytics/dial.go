package main

import (
	"net"
	"time"
)

func netDial(addr string) (net.Conn, error) {
	return net.DialTimeout("tcp", addr, 500*time.Millisecond)
}
