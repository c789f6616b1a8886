package rl

import (
	"testing"

	"github.com/paperio/paperio/internal/pyaitest"
)

func TestMain(m *testing.M) { pyaitest.Main(m) }
