// Package chaos holds the fault tests and the soak run of the production topology
// (deploy/localcluster). They are behind the chaos build tag: `make test-chaos`, `make soak`.
package chaos
