package corpus

import (
	"errors"
	"fmt"
	"hash/fnv"
	"slices"
	"time"
)

// DeviceOwner is promoted into DeviceRegistration through an embedded
// pointer: its properties are never required, since encoding/json writes
// none of them when the pointer is nil.
type DeviceOwner struct {
	OwnerEmail string `json:"owner_email" format:"email"`
	Team       string `json:"team"`
}

// GeoPoint is a latitude and longitude in degrees.
type GeoPoint struct {
	Lat float64 `json:"lat" minimum:"-90" maximum:"90"`
	Lon float64 `json:"lon" minimum:"-180" maximum:"180"`
}

// DeviceRegistration has one field for each case of the required list.
type DeviceRegistration struct {
	*DeviceOwner
	// Serial is required: no option, no default.
	Serial string `json:"serial" minLength:"4"`
	// Model may be left out: omitempty.
	Model string `json:"model,omitempty"`
	// Firmware may be left out: omitzero.
	Firmware Semver `json:"firmware,omitzero"`
	// Location is required but may be null: a pointer without omitempty.
	Location *GeoPoint `json:"location"`
	// Nickname may be left out: a pointer with omitempty.
	Nickname *string `json:"nickname,omitempty"`
	// Interval may be left out: it has a default.
	Interval time.Duration `json:"interval" default:"60000000000"`
	// Enrolled may be left out: omitzero on a struct type.
	Enrolled time.Time `json:"enrolled,omitzero"`
	// Tags is required, and null is allowed.
	Tags []string `json:"tags"`
	// Config may be left out: omitempty on a map.
	Config map[string]string `json:"config,omitempty"`
	// Size may be left out: omitzero on an array.
	Size [3]float32 `json:"size,omitzero"`
	// Both options at once.
	Notes string `json:"notes,omitempty,omitzero"`
	// Trusted has omitempty and a default.
	Trusted bool `json:"trusted,omitempty" default:"false"`
}

// DeviceRecord is a registered device.
type DeviceRecord struct {
	ID           string             `json:"id"`
	Registration DeviceRegistration `json:"registration"`
	Owned        bool               `json:"owned"`
}

// RegisterDevice records a device and returns it with an ID derived from
// its serial number.
//
//tool:export read-only=false destructive=false "title=Register a device"
func RegisterDevice(in DeviceRegistration) (DeviceRecord, error) {
	if len(in.Serial) < 4 {
		return DeviceRecord{}, fmt.Errorf("serial %q is shorter than 4 characters", in.Serial)
	}
	if in.Location != nil && (in.Location.Lat < -90 || in.Location.Lat > 90) {
		return DeviceRecord{}, errors.New("latitude out of range")
	}
	h := fnv.New32a()
	h.Write([]byte(in.Serial))
	if in.Interval == 0 {
		in.Interval = time.Minute
	}
	return DeviceRecord{ID: fmt.Sprintf("dev-%08x", h.Sum32()), Registration: in, Owned: in.DeviceOwner != nil}, nil
}

// Signature is who signed off, two embedding levels down.
type Signature struct {
	SignedBy string    `json:"signed_by"`
	SignedAt time.Time `json:"signed_at"`
}

// Approval embeds a signature by value; reached through the embedded
// pointer in MaintenancePlan, all of its properties are optional.
type Approval struct {
	Signature
	Ticket string `json:"ticket"`
}

// Schedule is embedded by value: its properties keep their own rules.
type Schedule struct {
	Start    time.Time     `json:"start"`
	Length   time.Duration `json:"length" description:"How long the work lasts, in nanoseconds." minimum:"60000000000"`
	Deferred bool          `json:"deferred,omitempty"`
}

// MaintenancePlan mixes embedded values and pointers.
type MaintenancePlan struct {
	Schedule
	*Approval
	Hosts    []string    `json:"hosts" minItems:"1"`
	Reason   *string     `json:"reason"`
	Rollback *Schedule   `json:"rollback,omitempty"`
	Window   GeoPoint    `json:"site,omitzero"`
	Extra    *Annotation `json:"extra,omitzero"`
}

// Annotation is a free-form key and value.
type Annotation struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// MaintenanceWindow is an accepted plan.
type MaintenanceWindow struct {
	Hosts    []string  `json:"hosts"`
	Start    time.Time `json:"start"`
	End      time.Time `json:"end"`
	Approved bool      `json:"approved"`
}

// PlanMaintenance checks a maintenance plan and returns its window, sorted
// by host.
//
//tool:export
func PlanMaintenance(in MaintenancePlan) (MaintenanceWindow, error) {
	if len(in.Hosts) == 0 {
		return MaintenanceWindow{}, errors.New("the plan names no host")
	}
	hosts := slices.Clone(in.Hosts)
	slices.Sort(hosts)
	return MaintenanceWindow{
		Hosts:    hosts,
		Start:    in.Start,
		End:      in.Start.Add(in.Length),
		Approved: in.Approval != nil && in.Approval.SignedBy != "",
	}, nil
}
