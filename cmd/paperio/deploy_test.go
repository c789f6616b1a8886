package main

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	batchv1 "k8s.io/api/batch/v1"
	corev1 "k8s.io/api/core/v1"
	"sigs.k8s.io/yaml"

	"github.com/paperio/paperio/selfplay"
)

// The Job manifests of deploy/ parse strictly into the Kubernetes API's
// Job type (a misspelt field fails), hold what an Indexed Job of paperio
// needs, and their commands are ones this program accepts.
func TestDeployManifests(t *testing.T) {
	files, _ := filepath.Glob("../../deploy/*.yaml")
	var secret corev1.Secret
	jobs := map[string]*batchv1.Job{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(data), "\nkind: Secret") {
			if err := yaml.UnmarshalStrict(data, &secret); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			continue
		}
		var j batchv1.Job
		if err := yaml.UnmarshalStrict(data, &j); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		jobs[filepath.Base(f)] = &j
	}
	if len(jobs) != 4 || secret.Name == "" {
		t.Fatalf("%d Job manifests and secret %q; want 4 and one", len(jobs), secret.Name)
	}
	for name, j := range jobs {
		t.Run(name, func(t *testing.T) { checkJob(t, j, &secret) })
	}
}

func checkJob(t *testing.T, j *batchv1.Job, secret *corev1.Secret) {
	if j.APIVersion != "batch/v1" || j.Kind != "Job" || j.Name == "" {
		t.Fatalf("apiVersion %q kind %q name %q", j.APIVersion, j.Kind, j.Name)
	}
	spec := j.Spec.Template.Spec
	if spec.RestartPolicy != corev1.RestartPolicyNever || len(spec.Containers) != 1 {
		t.Fatalf("restartPolicy %q, %d containers: want Never (the Job retries) and one", spec.RestartPolicy, len(spec.Containers))
	}
	c := spec.Containers[0]
	if c.Image == "" || c.Resources.Requests.Cpu().IsZero() || c.Resources.Requests.Memory().IsZero() || c.Resources.Limits.Memory().IsZero() {
		t.Fatalf("image %q, resources %+v: want an image, cpu and memory requests and a memory limit", c.Image, c.Resources)
	}
	if sc := spec.SecurityContext; sc == nil || sc.RunAsNonRoot == nil || !*sc.RunAsNonRoot {
		t.Fatal("pods must run as non-root")
	}
	if len(c.EnvFrom) != 1 || c.EnvFrom[0].SecretRef == nil || c.EnvFrom[0].SecretRef.Name != secret.Name {
		t.Fatalf("bucket credentials must come from Secret %q", secret.Name)
	}
	out := ""
	for _, a := range c.Args {
		if v, ok := strings.CutPrefix(a, "--out="); ok {
			out = v
		}
	}
	if !strings.HasPrefix(out, "s3://") {
		t.Fatalf("--out %q: want a bucket URL", out)
	}
	indexed := j.Spec.CompletionMode != nil && *j.Spec.CompletionMode == batchv1.IndexedCompletion
	args := slices.Clone(c.Args)
	env := map[string]string{}
	for _, e := range c.Env {
		env[e.Name] = e.Value
	}
	if indexed {
		n := int(*j.Spec.Completions)
		if j.Spec.BackoffLimitPerIndex == nil || j.Spec.Parallelism == nil || *j.Spec.Parallelism < 1 {
			t.Fatal("an Indexed Job needs backoffLimitPerIndex and parallelism")
		}
		if env[selfplay.ShardsEnv] != strconv.Itoa(n) || !slices.Contains(args, "--shard=auto") {
			t.Fatalf("%s=%q and args %v: want %d (the completions) and --shard=auto", selfplay.ShardsEnv, env[selfplay.ShardsEnv], args, n)
		}
		if args[0] == "selfplay" && !slices.Contains(args, "--resume") {
			t.Fatal("a retried self-play index must --resume its own chunks")
		}
		// This program takes the command: run it as the index one past
		// the last, which stops it right after every flag and player is
		// checked.
		t.Setenv(selfplay.IndexEnv, strconv.Itoa(n))
		t.Setenv(selfplay.ShardsEnv, env[selfplay.ShardsEnv])
		code, _, errs := runCLI(t, args...)
		if code != 2 || !strings.Contains(errs, "is out of range for "+strconv.Itoa(n)+" shards") {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
		return
	}
	// A finishing step: its flags are checked against an empty folder
	// (self-play) or, below, against its Job's.
	if args[0] == "selfplay" {
		for i, a := range args {
			if strings.HasPrefix(a, "--out=") {
				args[i] = "--out=" + t.TempDir()
			}
		}
		if code, _, errs := runCLI(t, args...); code != 1 || !strings.Contains(errs, "holds no run") {
			t.Fatalf("%v: exit %d %s", args, code, errs)
		}
	}
}

// planFlags are a command's flags without those that say how to run it.
func planFlags(args []string) string {
	var out []string
	for _, a := range args {
		name, _, _ := strings.Cut(a, "=")
		switch name {
		case "--shard", "--shards", "--resume", "--check", "--assemble", "--quiet", "--workers":
			continue
		}
		out = append(out, a)
	}
	return strings.Join(out, " ")
}

// A finishing step must name the same run as its Job.
func TestDeployFinishingStepsMatchTheirJobs(t *testing.T) {
	args := func(f string) string {
		data, err := os.ReadFile(filepath.Join("../../deploy", f))
		if err != nil {
			t.Fatal(err)
		}
		var j batchv1.Job
		if err := yaml.UnmarshalStrict(data, &j); err != nil {
			t.Fatal(err)
		}
		return planFlags(j.Spec.Template.Spec.Containers[0].Args)
	}
	for job, step := range map[string]string{"selfplay-job.yaml": "selfplay-check-job.yaml", "tournament-job.yaml": "tournament-assemble-job.yaml"} {
		if a, b := args(job), args(step); a != b || a == "" {
			t.Errorf("%s runs %q, %s %q", job, a, step, b)
		}
	}
}
