// Command gospin is a fixture for the completeness of Go stacks: the main
// goroutine and a second one spin in functions of their own until the
// process has used os.Args[1] milliseconds of CPU time. Every stack of it
// begins in runtime.goexit (goroutines), runtime.mstart or runtime.rt0_go
// (system stacks).
package main

import (
	"os"
	"strconv"
	"syscall"
	"time"
)

var sink int

//go:noinline
func spinMain(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s += i ^ (s >> 3)
	}
	return s
}

//go:noinline
func spinOther(n int) int {
	s := 1
	for i := 0; i < n; i++ {
		s += i ^ (s >> 5)
	}
	return s
}

func cpu() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

func main() {
	ms, _ := strconv.Atoi(os.Args[1])
	limit := time.Duration(ms) * time.Millisecond
	done := make(chan int)
	go func() {
		s := 0
		for cpu() < limit {
			s += spinOther(1 << 20)
		}
		done <- s
	}()
	s := 0
	for cpu() < limit {
		s += spinMain(1 << 20)
	}
	sink = s + <-done
}
