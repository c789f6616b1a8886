package game

import (
	"sync"

	"github.com/klauspost/compress/zstd"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// codec is the compression of every dataset column: zstd at its default
// level compresses the slowly changing move columns to a few bits a row and
// costs little time next to playing the games.
var codec = &zstdCodec{}

// zstdCodec is parquet's ZSTD codec with a window no larger than a page:
// the encoders of parquet-go's own codec keep an 8 MB history each, which
// is most of a writer's memory; this one's output is the same.
type zstdCodec struct {
	enc, dec sync.Pool
}

const zstdWindow = 1 << 20 // larger than any page the writers make

func (c *zstdCodec) String() string { return "ZSTD" }

func (c *zstdCodec) CompressionCodec() format.CompressionCodec { return format.Zstd }

func (c *zstdCodec) Encode(dst, src []byte) ([]byte, error) {
	e, _ := c.enc.Get().(*zstd.Encoder)
	if e == nil {
		var err error
		e, err = zstd.NewWriter(nil,
			zstd.WithEncoderLevel(zstd.SpeedDefault),
			zstd.WithEncoderConcurrency(1),
			zstd.WithWindowSize(zstdWindow),
			zstd.WithZeroFrames(true),
			zstd.WithEncoderCRC(false),
			zstd.WithLowerEncoderMem(true))
		if err != nil {
			return dst, err
		}
	}
	defer c.enc.Put(e)
	return e.EncodeAll(src, dst[:0]), nil
}

func (c *zstdCodec) Decode(dst, src []byte) ([]byte, error) {
	d, _ := c.dec.Get().(*zstd.Decoder)
	if d == nil {
		var err error
		d, err = zstd.NewReader(nil, zstd.WithDecoderConcurrency(1))
		if err != nil {
			return dst, err
		}
	}
	defer c.dec.Put(d)
	return d.DecodeAll(src, dst[:0])
}

// WriterOptions are the parquet settings of every game's dataset tables:
// every column zstd-compressed (with a window no larger than a page), and
// each file one row group whose rows are sorted by the columns sortBy (by
// game, then move), as the footer says, which both keeps the delta
// encodings small and lets readers skip by game_id.
func WriterOptions(sortBy ...string) []parquet.WriterOption {
	cols := make([]parquet.SortingColumn, len(sortBy))
	for i, c := range sortBy {
		cols[i] = parquet.Ascending(c)
	}
	return []parquet.WriterOption{
		parquet.Compression(codec),
		parquet.SortingWriterConfig(parquet.SortingColumns(cols...)),
	}
}
