/**
 * No test fetches the real taxonomy: an ingest of a library without one tries loopback port 9
 * instead of eBird's API, and fails at once (tests that fetch serve it from a loopback server of
 * their own). Port 9 (discard) is privileged, so no test's server can take it, and it is on
 * fetch's list of blocked ports, so fetch refuses it before connecting: the ingest reports "bad
 * port" where an owner offline would read ECONNREFUSED (harness/taxonomy-server.ts's closedPortUrl
 * gives the tests of that message a port that refuses). Set in the runner's process, so a global
 * setup's build and every worker and child inherit it.
 */
process.env.PORTFOLIO_TAXONOMY_URL = 'http://127.0.0.1:9/v2/ref/taxonomy/ebird?fmt=csv';
