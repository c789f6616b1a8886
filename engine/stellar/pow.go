package stellar

//go:generate go run ./internal/powgen ../../testdata/stellar/glibc_pow_tables.json powtab.go

import "math"

// The reference engine computes every transport loss, combat square and
// combat root with CPython's ** operator, which calls the C library's pow
// (RULES §6). glibc's pow is not correctly rounded, so math.Sqrt and x*x
// differ from it in the last bit on about 0.08 % of the arguments. This file
// reproduces it: GlibcPow is glibc's algorithm (RULES §6.1), PowHalf and
// PowTwo are CPython's x ** 0.5 and x ** 2 on top of it, with a fast path
// that is taken only where it provably gives the same bits.

// GlibcPow is glibc 2.36's pow(x, y) as its FMA build (__pow_fma) computes it
// (RULES §6.1), for finite x > 0 and |y·log x| < 1024 (y = 0.5 and y = 2 for
// every finite positive x). Beyond that range it returns +Inf or 0 as glibc
// does.
func GlibcPow(x, y float64) float64 {
	t, scale, ok := powParts(x, y)
	if !ok {
		return t
	}
	return math.FMA(t, scale, scale)
}

// powParts computes glibc's pow up to its last operation: the result is
// fma(t, scale, scale), that is scale·(1+t) rounded once. When the result
// needs no such step (|y·log x| tiny, overflow, underflow, or glibc's
// special case near them) it is returned in t with ok false.
func powParts(x, y float64) (t, scale float64, ok bool) {
	ix := math.Float64bits(x)
	if ix>>52 == 0 { // subnormal x: scale it up, the exponent goes below zero
		ix = math.Float64bits(x*0x1p52)&0x7fffffffffffffff - 52<<52
	}
	lh, ll := powLog(ix)
	// y·log x in double-double.
	ehi := float64(y * lh)
	elo := math.FMA(y, ll, math.FMA(lh, y, -ehi))
	return powExp(ehi, elo)
}

// powLog is log(x) in double-double, x = 2^k·z (RULES §6.1, first part).
func powLog(ix uint64) (lh, ll float64) {
	tmp := ix - 0x3fe6955500000000
	i := (tmp >> 45) & 127
	k := int64(tmp) >> 52
	z := math.Float64frombits(ix - tmp&(0xfff<<52))
	row := &logTab[i]
	invc, logc, logctail := row[0], row[1], row[2]
	kd := float64(k)
	r := math.FMA(z, invc, -1.0)
	t1 := math.FMA(kd, logLn2hi, logc)
	lo1 := math.FMA(kd, logLn2lo, logctail)
	t2 := t1 + r
	ar := float64(logA0 * r)
	ar2 := float64(r * ar)
	ar3 := float64(r * ar2)
	lo2 := (t1 - t2) + r
	lo3 := math.FMA(ar, r, -ar2)
	hi := t2 + ar2
	lo4 := (t2 - hi) + ar2
	q := math.FMA(ar2, math.FMA(r, logA6, logA5), math.FMA(r, logA4, logA3))
	q = math.FMA(ar2, q, math.FMA(r, logA2, logA1))
	lo := math.FMA(ar3, q, ((lo1+lo2)+lo3)+lo4)
	lh = hi + lo
	ll = (hi - lh) + lo
	return lh, ll
}

// powExp is exp(ehi + elo) = 2^(m/128)·exp(r) (RULES §6.1, second part).
func powExp(ehi, elo float64) (t, scale float64, ok bool) {
	e := (math.Float64bits(ehi) >> 52) & 0x7ff
	if e < 0x3c9 { // |y·log x| < 2^-54
		return 1.0 + ehi, 0, false
	}
	big := e >= 0x408 // |y·log x| >= 512: glibc's special cases
	if big && e >= 0x409 {
		if ehi < 0 {
			return 0, 0, false // underflow
		}
		return math.Inf(1), 0, false // overflow
	}
	kd := math.FMA(ehi, expInvLn2N, expShift)
	ki := math.Float64bits(kd)
	kd -= expShift
	r := math.FMA(kd, expNegLn2loN, math.FMA(kd, expNegLn2hiN, ehi))
	r += elo
	j := 2 * (ki & 127)
	tail := math.Float64frombits(expTab[j])
	sbits := expTab[j+1] + ki<<45
	r2 := float64(r * r)
	t = math.FMA(math.FMA(r, expC5, expC4), float64(r2*r2), math.FMA(math.FMA(r, expC3, expC2), r2, r+tail))
	if big {
		return powSpecial(t, sbits, ki), 0, false
	}
	return t, math.Float64frombits(sbits), true
}

// powSpecial is glibc's specialcase of exp for results near overflow and
// underflow, where the scale's exponent does not fit: it scales by 2^1009 or
// 2^-1022 around the last step. The game never gets here (RULES §6.1), and
// RULES.md does not give it: it follows glibc's source, with an FMA where the
// compiled __pow_fma has one (near overflow) and none where it has none (near
// underflow), as the comparison with the C library in internal/libm shows.
func powSpecial(t float64, sbits, ki uint64) float64 {
	if ki&0x80000000 == 0 { // k > 0: the scale's exponent overflowed by <= 460
		scale := math.Float64frombits(sbits - 1009<<52)
		return 0x1p1009 * math.FMA(scale, t, scale)
	}
	sbits += 1022 << 52 // a signed scale: its sign bit is the result's
	scale := math.Float64frombits(sbits)
	y := scale + float64(scale*t)
	if math.Abs(y) < 1.0 {
		// Round to the final precision before scaling into the subnormal
		// range, as glibc does, to avoid double rounding.
		one := 1.0
		if y < 0 {
			one = -1.0
		}
		lo := (scale - y) + float64(scale*t)
		hi := one + y
		lo = ((one - hi) + y) + lo
		y = (hi + lo) - one
		if y == 0 {
			y = math.Float64frombits(sbits & 0x8000000000000000)
		}
	}
	return 0x1p-1022 * y
}

// The fast paths: math.Sqrt and x*x are correctly rounded, and glibc's pow
// is within powErrBound ulp of the exact value before its final rounding, so
// both round to the same double whenever the exact value lies farther than
// powErrBound ulp from every rounding boundary (a midpoint between two
// doubles). The exact residual (by FMA) tells how far it lies.
//
// The bound: glibc's pow (ARM optimized-routines) has a relative error of
// 1.3·2^-68 in log x and an error of 0.009 ulp in exp before rounding, so
// for |y·log x| <= 64 its error before rounding is at most
// 0.009 + 64·1.3·2^-68·2^53 = 0.0115 ulp; powErrBound takes 1/32. The fast
// paths keep to arguments with |y·log x| <= 64 (and results far from
// subnormals); TestPowErrorBound measures the error of the exact path and
// TestPowFastPath compares both paths on many arguments near boundaries.
const powErrBound = 1.0 / 32

const (
	// squareLo..squareHi: x*x is fast-pathed here (|2·log x| <= 64).
	squareLo = 0x1p-46
	squareHi = 0x1p46
	// sqrtLo..sqrtHi: sqrt(x) is fast-pathed here (|0.5·log x| <= 64).
	sqrtLo = 0x1p-184
	sqrtHi = 0x1p184
	// squareSlack is how far (in ulp of x*x) x² may lie from x*x.
	squareSlack = 0.5 - powErrBound
	// sqrtSlack bounds |x - r²| / (r·ulp(r)) for the root r: the distance
	// from sqrt(x) to r is |x - r²|/(sqrt(x)+r) <= |x - r²|/(2r)·(1+2^-53),
	// and it may be (0.5 - powErrBound) ulp; 1e-9 covers the factor.
	sqrtSlack = 2*(0.5-powErrBound) - 1e-9
)

// ulpOf is the spacing of the doubles just above the normal number r > 0
// (not below 2^-1022·2^52).
func ulpOf(r float64) float64 {
	return math.Float64frombits(math.Float64bits(r)&0x7ff0000000000000 - 52<<52)
}

// isPow2 reports whether the normal number r is a power of two: the doubles
// below it are closer together, so the fast paths leave it to the exact one
// when the exact value lies below it.
func isPow2(r float64) bool { return math.Float64bits(r)&(1<<52-1) == 0 }

// squareFast returns x*x and whether it is glibc's pow(x, 2). It computes
// every condition and then combines them, without branches on the way:
// the tests are cheap and rarely fail, and branches on them cost more.
func squareFast(x float64) (float64, bool) {
	r := float64(x * x)
	e := math.FMA(x, x, -r) // x² - r, exactly (in range)
	return r, x >= squareLo && x <= squareHi && math.Abs(e) <= squareSlack*ulpOf(r) && (e >= 0 || !isPow2(r))
}

// sqrtFast returns math.Sqrt(x) and whether it is glibc's pow(x, 0.5), in
// the same way.
func sqrtFast(x float64) (float64, bool) {
	r := math.Sqrt(x)
	e := math.FMA(-r, r, x) // x - r², exactly (in range)
	return r, x >= sqrtLo && x <= sqrtHi && math.Abs(e) <= sqrtSlack*(r*ulpOf(r)) && (e >= 0 || !isPow2(r))
}

// PowHalf is CPython's float x ** 0.5 on the reference machine (RULES §6):
// NaN → NaN, ±0 → 0, ±Inf → +Inf (CPython's special cases, the sign of an
// infinity is dropped), 1 → 1, otherwise glibc's pow(x, 0.5). A negative x
// gives NaN here, where CPython returns a complex number and the reference
// engine then crashes (RULES §4.2); no game gets there.
func PowHalf(x float64) float64 {
	if r, ok := sqrtFast(x); ok {
		return r
	}
	return powHalfExact(x)
}

// PowTwo is CPython's float x ** 2 on the reference machine (RULES §6): NaN →
// NaN, ±0 → 0, ±Inf → +Inf, 1 → 1, negative x as |x|, otherwise glibc's
// pow(x, 2). Where the square overflows CPython raises OverflowError and the
// reference crashes; here it is +Inf (no game gets there).
func PowTwo(x float64) float64 {
	if r, ok := squareFast(math.Abs(x)); ok {
		return r
	}
	return powTwoExact(x)
}

// powHalfExact and powTwoExact are PowHalf and PowTwo without the fast
// paths: CPython's special cases, then glibc's pow.
func powHalfExact(x float64) float64 {
	switch {
	case x != x:
		return x
	case x == 0:
		return 0
	case math.IsInf(x, 0):
		return math.Inf(1)
	case x == 1:
		return 1
	case x < 0:
		return math.NaN()
	}
	return GlibcPow(x, 0.5)
}

func powTwoExact(x float64) float64 {
	switch {
	case x != x:
		return x
	case x == 0:
		return 0
	case math.IsInf(x, 0):
		return math.Inf(1)
	case x == 1:
		return 1
	case x < 0:
		x = -x
	}
	return GlibcPow(x, 2)
}
