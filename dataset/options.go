package dataset

import "github.com/parquet-go/parquet-go"

// WriterOptions are the parquet settings of the dataset's tables, for the
// tables of other games too: every column zstd-compressed (with a window no
// larger than a page), and the file one row group whose rows are sorted by
// the columns sortBy, as the footer says.
func WriterOptions(sortBy ...string) []parquet.WriterOption { return writerOptions(sortBy...) }
