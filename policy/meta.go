package policy

import (
	"encoding/json"
	"fmt"
)

// Format and Version name the weights file's layout (docs/POLICY.md).
const (
	Format  = "paperio-policy"
	Version = 1
)

// Meta is the JSON object of a weights file's meta array: the network's
// architecture. Unknown keys are ignored.
type Meta struct {
	Format     string  `json:"format"`
	Version    int     `json:"version"`
	ObsVersion int     `json:"obs_version"`
	Towers     []Tower `json:"towers"`
	// Scalars says whether the observation's scalars join the features
	// (default true).
	Scalars *bool `json:"scalars"`
	Hidden  []int `json:"hidden"`
	// MaskLosing says whether the action is never a move that loses at
	// once while another move does not (default true).
	MaskLosing *bool `json:"mask_losing"`
	// Value says whether the network has a value head v: a Linear layer
	// from the last hidden layer to one number, with no activation.
	// Absent: whether the file has the array v.weight.
	Value *bool `json:"value"`
	// MaskExposure says whether the action keeps the band out of the
	// enemy's reach as the exposure mask defines it (rl.Guard; default
	// false): a stronger mask than MaskLosing, which it implies.
	MaskExposure bool `json:"mask_exposure"`
	// ExposureMargin is the margin the exposure mask asks for
	// (rl.GuardMargin; default 1).
	ExposureMargin int `json:"exposure_margin"`
	// ExposureWay says whether the exposure mask measures the way home
	// round the band and counts its cells as band (rl.Exposure; default
	// false).
	ExposureWay bool `json:"exposure_way"`
	// ExposureWaySoft, given with exposure_way, makes the way's cells a
	// soft part of the mask: a move forbidden only because the enemy can
	// reach them in time is allowed, its logit lowered by this much (0:
	// the way's cells do not count; rl.Exposure.Split). Absent: forbidden.
	ExposureWaySoft *float32 `json:"exposure_way_soft"`
	// ExposureWayToward, given with exposure_way_soft, is the penalty
	// instead of it for the moves whose way's cell nearest to the enemy
	// lies ahead of the enemy's head (rl.Exposure.SplitToward).
	ExposureWayToward *float32 `json:"exposure_way_toward"`
	Name              string   `json:"name"`
	// Width and Height, when given, are the board a full tower was made
	// for.
	Width  int `json:"width"`
	Height int `json:"height"`
}

// Tower is the conv layers over one observation view.
type Tower struct {
	View string `json:"view"` // "full" or "cropK"
	Conv []Conv `json:"conv"`
}

// Conv is a conv layer, torch's Conv2d with a square kernel, followed by
// ReLU.
type Conv struct {
	Out    int  `json:"out"`
	K      int  `json:"k"`
	Stride *int `json:"stride"` // default 1
	Pad    int  `json:"pad"`
}

// stride is the layer's stride, 1 when the meta leaves it out.
func (c Conv) stride() int {
	if c.Stride == nil {
		return 1
	}
	return *c.Stride
}

// UseScalars is Scalars with its default.
func (m *Meta) UseScalars() bool { return m.Scalars == nil || *m.Scalars }

// Mask is MaskLosing with its default.
func (m *Meta) Mask() bool { return m.MaskLosing == nil || *m.MaskLosing }

// parseMeta reads and checks the meta JSON.
func parseMeta(b []byte) (*Meta, error) {
	var m Meta
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("meta is not a JSON object of this format: %v", err)
	}
	if m.Format != Format {
		return nil, fmt.Errorf("meta format %q: want %q", m.Format, Format)
	}
	if m.Version != Version {
		return nil, fmt.Errorf("meta version %d: this reader knows version %d", m.Version, Version)
	}
	if m.ExposureMargin < 0 {
		return nil, fmt.Errorf("meta exposure_margin %d: want 1 or more (0 or none: 1)", m.ExposureMargin)
	}
	if soft := m.ExposureWaySoft; soft != nil && (*soft < 0 || !(m.MaskExposure && m.ExposureWay)) {
		return nil, fmt.Errorf("meta exposure_way_soft %g: want 0 or more, and only with mask_exposure and exposure_way", *soft)
	}
	if t := m.ExposureWayToward; t != nil && (*t < 0 || m.ExposureWaySoft == nil) {
		return nil, fmt.Errorf("meta exposure_way_toward %g: want 0 or more, and only with exposure_way_soft", *t)
	}
	if m.Width < 0 || m.Height < 0 {
		return nil, fmt.Errorf("meta board %dx%d: want positive sizes", m.Width, m.Height)
	}
	for t, tw := range m.Towers {
		for i, c := range tw.Conv {
			if c.Out < 1 || c.K < 1 || c.stride() < 1 || c.Pad < 0 {
				return nil, fmt.Errorf("tower %d conv %d: out %d, k %d, stride %d, pad %d: want out, k and stride of at least 1 and pad of at least 0",
					t, i, c.Out, c.K, c.stride(), c.Pad)
			}
		}
	}
	for i, n := range m.Hidden {
		if n < 1 {
			return nil, fmt.Errorf("hidden layer %d of size %d", i, n)
		}
	}
	if len(m.Towers) == 0 && !m.UseScalars() {
		return nil, fmt.Errorf("meta has no towers and no scalars: the network sees nothing")
	}
	return &m, nil
}
