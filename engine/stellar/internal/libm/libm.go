//go:build cgo && linux

// Package libm calls the C library's pow, so that tests can compare the pure
// Go reproduction of glibc's pow in package stellar with the real one. It
// exists for tests only; package stellar itself never uses cgo.
package libm

/*
#cgo LDFLAGS: -lm
#include <math.h>
#include <stddef.h>

// The exponent is read through a volatile so that the compiler cannot turn
// pow(x, 2.0) into x*x.
static double pow_one(double x, double y) {
	volatile double vy = y;
	return pow(x, vy);
}

static void pow_many(const double *x, size_t n, double y, double *out) {
	volatile double vy = y;
	for (size_t i = 0; i < n; i++) out[i] = pow(x[i], vy);
}
*/
import "C"

// Pow is the C library's pow(x, y).
func Pow(x, y float64) float64 { return float64(C.pow_one(C.double(x), C.double(y))) }

// PowMany fills out[i] = pow(xs[i], y) in one call into C, which makes
// millions of comparisons cheap.
func PowMany(xs []float64, y float64, out []float64) {
	if len(xs) == 0 {
		return
	}
	C.pow_many((*C.double)(&xs[0]), C.size_t(len(xs)), C.double(y), (*C.double)(&out[0]))
}
