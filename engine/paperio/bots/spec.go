package bots

import (
	"io"

	"github.com/paperio/paperio/botspec"
)

// catalog holds the built-in paper.io bots; each registers itself from an
// init function of this package.
var catalog botspec.Catalog[Bot]

func registerBuiltin(info botspec.Info, make func(p map[string]float64) Bot) {
	catalog.Register(info, make)
}

// Catalog describes every built-in bot, sorted by name.
func Catalog() []botspec.Info { return catalog.Infos() }

// Parse reads a bot spec: "name" or "name:key=value,key=value".
func Parse(spec string) (botspec.Spec, error) { return catalog.Parse(spec) }

// New builds the bot of a spec.
func New(s botspec.Spec) (Bot, error) { return catalog.New(s) }

// Make parses spec and builds the bot.
func Make(spec string) (Bot, error) { return catalog.Make(spec) }

// Close releases a player's resources if it holds any (io.Closer).
func Close(b Bot) error {
	if c, ok := b.(io.Closer); ok {
		return c.Close()
	}
	return nil
}
