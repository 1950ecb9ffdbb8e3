module gocgo

go 1.21
