// Command s3serve serves an in-memory S3-compatible bucket "paperio" on
// 127.0.0.1, to try the toolkit's bucket URLs by hand:
//
//	go run ./internal/s3test/s3serve -addr 127.0.0.1:9000
//	AWS_ACCESS_KEY_ID=x AWS_SECRET_ACCESS_KEY=x paperio selfplay --out 's3://paperio/run?endpoint=http://127.0.0.1:9000&use_path_style=true&region=us-east-1'
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/paperio/paperio/internal/s3test"
)

func main() {
	addr := flag.String("addr", "127.0.0.1:9000", "address to listen on")
	flag.Parse()
	if err := s3test.Serve(*addr); err != nil {
		fmt.Fprintln(os.Stderr, "s3serve:", err)
		os.Exit(1)
	}
}
