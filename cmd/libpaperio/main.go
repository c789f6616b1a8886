// Command libpaperio is the shared library behind the Python package
// python/paperio: the batched environment and the dataset loader of
// package rl (games/paperio/rl) behind a C ABI, for ctypes.
//
//	go build -buildmode=c-shared -o libpaperio.so ./cmd/libpaperio
//
// Objects are handles (positive integers). Options come in as JSON; the
// arrays the objects fill are the caller's (numpy) memory, handed over once
// as pointers and then filled in place at every call. Every function that
// can fail takes a buffer for a one-line message and returns a negative
// value when it failed; nothing panics across the boundary (a panic is
// caught and reported as an internal error).
package main

/*
#include <stdint.h>
*/
import "C"

import (
	"encoding/json"
	"fmt"
	"sync"
	"time"
	"unsafe"

	"github.com/paperio/paperio/engine/paperio"
	"github.com/paperio/paperio/games/paperio/rl"
	"github.com/paperio/paperio/pyai"
	"github.com/paperio/paperio/trainlog"
)

// abi changes whenever a function here changes its arguments or meaning;
// the Python package refuses a library of another ABI.
const abi = 10

func main() {}

// objects holds the live environments and loaders by handle; each has its
// own lock, so that two threads using one object take turns.
var objects = struct {
	sync.Mutex
	next int64
	m    map[int64]*object
}{m: map[int64]*object{}}

type object struct {
	sync.Mutex
	env    *rl.Env
	loader *rl.Loader
}

func register(o *object) int64 {
	objects.Lock()
	defer objects.Unlock()
	objects.next++
	objects.m[objects.next] = o
	return objects.next
}

func lookup(h C.int64_t) (*object, error) {
	objects.Lock()
	defer objects.Unlock()
	o, ok := objects.m[int64(h)]
	if !ok {
		return nil, fmt.Errorf("closed or unknown handle %d", int64(h))
	}
	return o, nil
}

// call runs f, writing its error (or a caught panic) into the caller's
// message buffer; it returns -1 on an error and f's value otherwise.
func call(msg *C.char, msgLen C.int, f func() (int64, error)) (ret C.int64_t) {
	defer func() {
		if r := recover(); r != nil {
			writeMsg(msg, msgLen, fmt.Sprintf("internal error in libpaperio: %v", r))
			ret = -1
		}
	}()
	v, err := f()
	if err != nil {
		writeMsg(msg, msgLen, err.Error())
		return -1
	}
	return C.int64_t(v)
}

// writeMsg copies s, cut to fit and NUL-terminated, into a C buffer.
func writeMsg(buf *C.char, n C.int, s string) {
	if buf == nil || n <= 0 {
		return
	}
	b := unsafe.Slice((*byte)(unsafe.Pointer(buf)), int(n))
	k := copy(b[:len(b)-1], s)
	b[k] = 0
}

// withObject runs f on the object of handle h, locked.
func withObject(h C.int64_t, f func(o *object) (int64, error)) func() (int64, error) {
	return func() (int64, error) {
		o, err := lookup(h)
		if err != nil {
			return 0, err
		}
		o.Lock()
		defer o.Unlock()
		return f(o)
	}
}

// slice views n values of C memory at p as a Go slice (nil for a null p).
func slice[T any](p unsafe.Pointer, n int) []T {
	if p == nil {
		return nil
	}
	return unsafe.Slice((*T)(p), n)
}

//export paperio_abi
func paperio_abi() C.int64_t { return abi }

//export paperio_obs_version
func paperio_obs_version() C.int64_t { return rl.Version }

// envOptions is the JSON form of rl.EnvOptions.
type envOptions struct {
	Envs     int    `json:"envs"`
	Width    int    `json:"width"`
	Height   int    `json:"height"`
	Turns    int    `json:"turns"`
	Crop     int    `json:"crop"`
	Global   int    `json:"global"` // a global map after the crop (rl.View.Global)
	Opponent string `json:"opponent"`
	Player   int    `json:"player"`
	SameStep bool   `json:"same_step"`
	Expert   string `json:"expert"`
	// Opponents: one bot spec per environment, instead of opponent.
	Opponents []string `json:"opponents"`
	// GuardMargin: the exposure mask's margin in the guard buffer (rl.GuardMargin; 0 means 1).
	GuardMargin int `json:"guard_margin"`
	// GuardWay: the exposure mask measures the way home round the band (rl.Exposure).
	GuardWay bool `json:"guard_way"`
	// GuardWaySoft: with guard_way, the way's cells do not forbid moves (rl.EnvOptions.GuardWaySoft).
	GuardWaySoft bool `json:"guard_way_soft"`
}

// shapeJSON says the shape of an observation's planes, the global map's
// (with a global view) and the scalar count.
func shapeJSON(sh, global [3]int) string {
	g := ""
	if global[0] > 0 {
		g = fmt.Sprintf(`,"global":[%d,%d,%d]`, global[0], global[1], global[2])
	}
	return fmt.Sprintf(`{"planes":[%d,%d,%d]%s,"scalars":%d}`, sh[0], sh[1], sh[2], g, rl.NumScalars)
}

//export paperio_env_new
func paperio_env_new(opts *C.char, shape *C.char, shapeLen C.int, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		var j envOptions
		if err := json.Unmarshal([]byte(C.GoString(opts)), &j); err != nil {
			return 0, fmt.Errorf("environment options: %v", err)
		}
		e, err := rl.NewEnv(rl.EnvOptions{
			Envs: j.Envs, Config: paperio.Config{Width: j.Width, Height: j.Height, MaxTurns: j.Turns},
			View: rl.View{Crop: j.Crop, Global: j.Global}, Opponent: j.Opponent, Player: j.Player, SameStep: j.SameStep,
			Expert: j.Expert, Opponents: j.Opponents, GuardMargin: j.GuardMargin, GuardWay: j.GuardWay,
			GuardWaySoft: j.GuardWaySoft,
		})
		if err != nil {
			return 0, err
		}
		writeMsg(shape, shapeLen, shapeJSON(e.Shape(), rl.View{Global: j.Global}.GlobalShape()))
		return register(&object{env: e}), nil
	})
}

// paperio_env_buffers hands over the arrays, in the order of rl.Buffers:
// planes (uint8), scalars (float32), reward (float32), terminated,
// truncated (bool), player (int8), game, seed (int64), half_steps (int32),
// final (bool), final planes (uint8), final scalars (float32), expert
// (int64), guard, reach, toward (bool, 3 per environment); final* may be
// null without same-step autoreset, expert without an expert, guard when
// not wanted, reach and toward without guard_way_soft.
//
//export paperio_env_buffers
func paperio_env_buffers(h C.int64_t, ptrs *unsafe.Pointer, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		p := unsafe.Slice(ptrs, 16)
		e := o.env
		n := e.Envs()
		size := e.Size()
		b := rl.Buffers{
			Planes: slice[uint8](p[0], n*size), Scalars: slice[float32](p[1], n*rl.NumScalars),
			Reward: slice[float32](p[2], n), Terminated: slice[bool](p[3], n), Truncated: slice[bool](p[4], n),
			Player: slice[int8](p[5], n), Game: slice[int64](p[6], n), Seed: slice[int64](p[7], n),
			HalfSteps: slice[int32](p[8], n),
			Final:     slice[bool](p[9], n), FinalPlane: slice[uint8](p[10], n*size), FinalScal: slice[float32](p[11], n*rl.NumScalars),
			Expert: slice[int64](p[12], n), Guard: slice[bool](p[13], 3*n), Reach: slice[bool](p[14], 3*n),
			Toward: slice[bool](p[15], 3*n),
		}
		return 0, e.SetBuffers(b)
	}))
}

// paperio_env_results hands over the arrays of the games' results, in the
// order of rl.Results: winner, reason (int8), area1, area2 (int32).
//
//export paperio_env_results
func paperio_env_results(h C.int64_t, ptrs *unsafe.Pointer, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		p := unsafe.Slice(ptrs, 4)
		n := o.env.Envs()
		return 0, o.env.SetResults(rl.Results{Winner: slice[int8](p[0], n), Reason: slice[int8](p[1], n),
			Area1: slice[int32](p[2], n), Area2: slice[int32](p[3], n)})
	}))
}

//export paperio_env_reset
func paperio_env_reset(h C.int64_t, seed C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		return 0, o.env.Reset(int64(seed))
	}))
}

//export paperio_env_step
func paperio_env_step(h C.int64_t, actions *C.int64_t, n C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		return 0, o.env.Step(slice[int64](unsafe.Pointer(actions), int(n)))
	}))
}

// paperio_env_step_some plays n actions in the n environments listed
// (int64 indices), leaving the others as they are (rl.Env.StepSome).
//
//export paperio_env_step_some
func paperio_env_step_some(h C.int64_t, envs, actions *C.int64_t, n C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		if n < 0 {
			return 0, fmt.Errorf("%d environments: want at least 0", int64(n))
		}
		return 0, o.env.StepSome(slice[int64](unsafe.Pointer(envs), int(n)), slice[int64](unsafe.Pointer(actions), int(n)))
	}))
}

// paperio_env_state copies environment i's game for tests and tools:
// territory and band grids (width × height bytes each, column-major,
// x*height + y) and 11 integers: width, height, max turns, half-steps,
// then x, y, direction of player 1 and of player 2.
//
//export paperio_env_state
func paperio_env_state(h C.int64_t, i C.int64_t, field, bands *C.uint8_t, meta *C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		s, err := o.env.State(int(i))
		if err != nil {
			return 0, err
		}
		n := s.Width() * s.Height()
		copy(slice[uint8](unsafe.Pointer(field), n), s.Fields())
		copy(slice[uint8](unsafe.Pointer(bands), n), s.Bands())
		m := slice[int64](unsafe.Pointer(meta), 10)
		x1, y1, d1 := s.Head(0)
		x2, y2, d2 := s.Head(1)
		copy(m, []int64{int64(s.Width()), int64(s.Height()), int64(s.MaxTurns()), int64(s.HalfSteps()),
			int64(x1), int64(y1), int64(d1), int64(x2), int64(y2), int64(d2)})
		return 0, nil
	}))
}

// paperio_env_set_opponent makes environment i play the bot spec from its
// next game on (rl.Env.SetOpponent).
//
//export paperio_env_set_opponent
func paperio_env_set_opponent(h C.int64_t, i C.int64_t, spec *C.char, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		return 0, o.env.SetOpponent(int(i), C.GoString(spec))
	}))
}

// paperio_env_start restarts environment i with game number game of the
// run (rl.Env.Start): environments started alike play the same game.
//
//export paperio_env_start
func paperio_env_start(h C.int64_t, i C.int64_t, game C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		return 0, o.env.Start(int(i), int64(game))
	}))
}

// paperio_env_replay plays n moves (int64 action indices) in environment
// i, writing only the observation after the last (rl.Env.Replay).
//
//export paperio_env_replay
func paperio_env_replay(h C.int64_t, i C.int64_t, actions *C.int64_t, n C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.env == nil {
			return 0, fmt.Errorf("handle %d is not an environment", int64(h))
		}
		if n < 0 {
			return 0, fmt.Errorf("%d moves: want at least 0", int64(n))
		}
		return 0, o.env.Replay(int(i), slice[int64](unsafe.Pointer(actions), int(n)))
	}))
}

// paperio_log_append appends rows, a JSON array of objects, to a table of
// a training log folder (package trainlog; table is its file name,
// e.g. "iterations.parquet").
//
//export paperio_log_append
func paperio_log_append(dir, table, rows *C.char, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		return 0, trainlog.AppendJSON(C.GoString(dir), C.GoString(table), []byte(C.GoString(rows)))
	})
}

// paperio_log_read writes a table of a training log folder as JSON (an
// array of objects) into out and returns its length, or the length
// needed, negated minus one, when out is too small.
//
//export paperio_log_read
func paperio_log_read(dir, table *C.char, out *C.char, outLen C.int, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		b, err := trainlog.ReadJSON(C.GoString(dir), C.GoString(table))
		if err != nil {
			return 0, err
		}
		if len(b) >= int(outLen) {
			return -int64(len(b)) - 2, nil
		}
		writeMsg(out, outLen, string(b))
		return int64(len(b)), nil
	})
}

// paperio_log_ladder fits the Elo ladder of a training log folder's
// matchups, appends it to its ratings as fitted after iteration it, and
// writes it as JSON (an array of ratings.parquet's rows) into out.
//
//export paperio_log_ladder
func paperio_log_ladder(dir *C.char, it C.int64_t, seconds C.double, out *C.char, outLen C.int, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		rs, err := trainlog.AppendLadder(C.GoString(dir), int32(it), float64(seconds))
		if err != nil {
			return 0, err
		}
		if rs == nil {
			rs = []trainlog.Rating{}
		}
		b, err := json.Marshal(rs)
		if err != nil {
			return 0, err
		}
		if len(b) >= int(outLen) {
			return 0, fmt.Errorf("the ladder's %d bytes do not fit the buffer of %d", len(b), int(outLen))
		}
		writeMsg(out, outLen, string(b))
		return int64(len(b)), nil
	})
}

// paperio_shutdown ends the programs and course AIs that environments
// left running (an environment never closed) and removes their temporary
// folders; Python calls it as the interpreter exits.
//
//export paperio_shutdown
func paperio_shutdown() { pyai.Shutdown() }

//export paperio_close
func paperio_close(h C.int64_t) {
	objects.Lock()
	o := objects.m[int64(h)]
	delete(objects.m, int64(h))
	objects.Unlock()
	if o != nil && o.env != nil {
		o.Lock()
		o.env.Close()
		o.Unlock()
	}
}

// loaderOptions is the JSON form of rl.LoaderOptions.
type loaderOptions struct {
	Dir      string   `json:"dir"`
	Crop     int      `json:"crop"`
	Global   int      `json:"global"`
	Batch    int      `json:"batch"`
	Shuffle  bool     `json:"shuffle"`
	Seed     int64    `json:"seed"`
	InFlight int      `json:"in_flight"`
	Players  []string `json:"players"`
}

//export paperio_data_new
func paperio_data_new(opts *C.char, shape *C.char, shapeLen C.int, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		var j loaderOptions
		if err := json.Unmarshal([]byte(C.GoString(opts)), &j); err != nil {
			return 0, fmt.Errorf("dataset options: %v", err)
		}
		l, err := rl.NewLoader(rl.LoaderOptions{
			Dir: j.Dir, View: rl.View{Crop: j.Crop, Global: j.Global}, Batch: j.Batch, Shuffle: j.Shuffle,
			Seed: j.Seed, InFlight: j.InFlight, Players: j.Players,
		})
		if err != nil {
			return 0, err
		}
		writeMsg(shape, shapeLen, shapeJSON(l.Shape(), l.GlobalShape()))
		return register(&object{loader: l}), nil
	})
}

// paperio_data_buffers hands over a batch's arrays, in the order of
// rl.LoaderBuffers: planes (uint8; a crop's, then a global map's), scalars (float32), action (int64),
// reward (float32), done (bool), outcome (float32), player (int8),
// game_id (int64), half_step (int32).
//
//export paperio_data_buffers
func paperio_data_buffers(h C.int64_t, ptrs *unsafe.Pointer, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.loader == nil {
			return 0, fmt.Errorf("handle %d is not a dataset", int64(h))
		}
		p := unsafe.Slice(ptrs, 9)
		l := o.loader
		n := l.Batch()
		size := l.Size()
		return 0, l.SetBuffers(rl.LoaderBuffers{
			Planes: slice[uint8](p[0], n*size), Scalars: slice[float32](p[1], n*rl.NumScalars),
			Action: slice[int64](p[2], n), Reward: slice[float32](p[3], n), Done: slice[bool](p[4], n),
			Outcome: slice[float32](p[5], n), Player: slice[int8](p[6], n), GameID: slice[int64](p[7], n),
			HalfStep: slice[int32](p[8], n),
		})
	}))
}

// paperio_data_rows returns the rows of a pass over the dataset (the rows
// of the players kept).
//
//export paperio_data_rows
func paperio_data_rows(h C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.loader == nil {
			return 0, fmt.Errorf("handle %d is not a dataset", int64(h))
		}
		return o.loader.Rows()
	}))
}

//export paperio_data_next
func paperio_data_next(h C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.loader == nil {
			return 0, fmt.Errorf("handle %d is not a dataset", int64(h))
		}
		n, err := o.loader.Next()
		return int64(n), err
	}))
}

//export paperio_data_rewind
func paperio_data_rewind(h C.int64_t, seed C.int64_t, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, withObject(h, func(o *object) (int64, error) {
		if o.loader == nil {
			return 0, fmt.Errorf("handle %d is not a dataset", int64(h))
		}
		o.loader.Rewind(int64(seed))
		return 0, nil
	}))
}

// paperio_engine_speed replays recorded games with the engine alone for
// about the given seconds and returns the half-steps played
// (rl.EngineSpeed).
//
//export paperio_engine_speed
func paperio_engine_speed(seconds C.double, msg *C.char, msgLen C.int) C.int64_t {
	return call(msg, msgLen, func() (int64, error) {
		return rl.EngineSpeed(time.Duration(float64(seconds) * float64(time.Second)))
	})
}
