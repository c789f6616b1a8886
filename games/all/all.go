// Package all registers every game of the toolkit (paper.io, the default;
// eraser and stellar): a program or notebook that reads or plays games of
// any of them imports it for its side effect.
package all

import (
	_ "github.com/paperio/paperio/games/eraser"           // eraser (星际消战)
	_ "github.com/paperio/paperio/games/paperio"          // paper.io (纸带圈地), the default
	_ "github.com/paperio/paperio/games/paperio/policies" // paper.io's learned policies, policy:FILE
	_ "github.com/paperio/paperio/games/stellar"          // stellar (星际群落)
)
