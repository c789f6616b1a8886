// Package all registers every game of the toolkit (paper.io, the default;
// eraser and stellar) with what each adds to the shared commands (chart
// kinds, the viewer's board, learned policies): a program or notebook that
// reads or plays games of any of them imports it for its side effect. A
// game is added here, and nowhere else outside its own folders.
package all

import (
	_ "github.com/paperio/paperio/games/eraser"         // eraser (星际消战)
	_ "github.com/paperio/paperio/games/eraser/board"   //   its board in the viewer
	_ "github.com/paperio/paperio/games/eraser/charts"  //   its chart kinds
	_ "github.com/paperio/paperio/games/paperio"        // paper.io (纸带圈地), the default
	_ "github.com/paperio/paperio/games/paperio/board"  //   its board in the viewer
	_ "github.com/paperio/paperio/games/paperio/charts" //   its chart kinds
	_ "github.com/paperio/paperio/games/paperio/rl"     //   its learned policies, policy:FILE
	_ "github.com/paperio/paperio/games/stellar"        // stellar (星际群落)
	_ "github.com/paperio/paperio/games/stellar/board"  //   its board in the viewer
	_ "github.com/paperio/paperio/games/stellar/charts" //   its chart kinds
)
