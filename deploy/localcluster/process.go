package localcluster

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Process is one program of the topology: started with its log in Dir/logs/<name>.log and its
// pid in Dir/pids/<name>.pid, so `cluster down` can stop it from another process.
type Process struct {
	Name string
	Path string
	Args []string
	Env  []string
	dir  string

	cmd  *exec.Cmd
	done chan struct{} // closed when the process exited (only for processes started here)
}

// Start runs the process in its own process group (a Ctrl-C in the starting terminal does not
// reach it; `cluster down` stops it).
func (p *Process) Start() error {
	if err := os.MkdirAll(filepath.Join(p.dir, "logs"), 0o755); err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(p.dir, "pids"), 0o755); err != nil {
		return err
	}
	log, err := os.OpenFile(p.LogPath(), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return err
	}
	defer log.Close()
	fmt.Fprintf(log, "\n=== %s start %s\n", time.Now().UTC().Format(time.RFC3339), p.Name)
	cmd := exec.Command(p.Path, p.Args...)
	cmd.Env = p.Env
	cmd.Stdout, cmd.Stderr = log, log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("start %s: %w", p.Name, err)
	}
	p.cmd = cmd
	p.done = make(chan struct{})
	go func(done chan struct{}) { _ = cmd.Wait(); close(done) }(p.done)
	return os.WriteFile(p.pidPath(), []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
}

// LogPath is where the process writes stdout and stderr.
func (p *Process) LogPath() string { return filepath.Join(p.dir, "logs", p.Name+".log") }

func (p *Process) pidPath() string { return filepath.Join(p.dir, "pids", p.Name+".pid") }

// PID is the running process's id (0 when not running).
func (p *Process) PID() int {
	if p.cmd != nil {
		select {
		case <-p.done:
			return 0
		default:
			return p.cmd.Process.Pid
		}
	}
	pid, _ := readPID(p.pidPath())
	if pid > 0 && alive(pid) {
		return pid
	}
	return 0
}

// Running reports whether the process is alive.
func (p *Process) Running() bool { return p.PID() != 0 }

// Signal sends sig to the process.
func (p *Process) Signal(sig syscall.Signal) error {
	pid := p.PID()
	if pid == 0 {
		return fmt.Errorf("%s is not running", p.Name)
	}
	return syscall.Kill(pid, sig)
}

// Kill sends SIGKILL and waits until the process is gone.
func (p *Process) Kill() error {
	if err := p.Signal(syscall.SIGKILL); err != nil {
		return err
	}
	return p.wait(10 * time.Second)
}

// Stop sends SIGTERM and, after grace, SIGKILL.
func (p *Process) Stop(grace time.Duration) error {
	if !p.Running() {
		return nil
	}
	_ = p.Signal(syscall.SIGTERM)
	if err := p.wait(grace); err == nil {
		return nil
	}
	_ = p.Signal(syscall.SIGKILL)
	return p.wait(10 * time.Second)
}

func (p *Process) wait(d time.Duration) error {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if !p.Running() {
			_ = os.Remove(p.pidPath())
			return nil
		}
		time.Sleep(50 * time.Millisecond)
	}
	return fmt.Errorf("%s still running after %s", p.Name, d)
}

func readPID(path string) (int, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return 0, err
	}
	return strconv.Atoi(strings.TrimSpace(string(b)))
}

func alive(pid int) bool {
	err := syscall.Kill(pid, 0)
	if err != nil && !errors.Is(err, syscall.EPERM) {
		return false
	}
	// A zombie (exited, not yet reaped by a parent that is not us) counts as gone.
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err == nil {
		if f := strings.Fields(string(b)); len(f) > 2 && f[2] == "Z" {
			return false
		}
	}
	return true
}

// stopByPIDFiles stops every process whose pid file is in dir/pids and whose command line
// mentions dir (so a recycled pid of an unrelated program is left alone).
func stopByPIDFiles(dir string, grace time.Duration) []string {
	files, _ := filepath.Glob(filepath.Join(dir, "pids", "*.pid"))
	var stopped []string
	for _, f := range files {
		pid, err := readPID(f)
		name := strings.TrimSuffix(filepath.Base(f), ".pid")
		if err != nil || !alive(pid) || !mentions(pid, dir) {
			_ = os.Remove(f)
			continue
		}
		p := &Process{Name: name, dir: dir}
		_ = p.Stop(grace)
		stopped = append(stopped, name)
	}
	return stopped
}

// mentions reports whether the command line or environment of pid refers to dir.
func mentions(pid int, dir string) bool {
	for _, f := range []string{"cmdline", "environ"} {
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/" + f)
		if err == nil && strings.Contains(string(b), dir) {
			return true
		}
	}
	return false
}
