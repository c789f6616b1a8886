package dataset

import "github.com/parquet-go/parquet-go"

// WriterOptions are the parquet settings of every dataset table (the
// compression of this package's tables, one row group per file, rows sorted
// by the columns sortBy), for the tables of other games.
func WriterOptions(sortBy ...string) []parquet.WriterOption { return writerOptions(sortBy...) }
