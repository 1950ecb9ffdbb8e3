package profile

import "regexp"

// containerIDPattern is a container's 64-hex-digit id at the end of a
// cgroup path, as docker, containerd and cri-o name their cgroups
// (".../docker-<id>.scope", "/docker/<id>", ".../cri-containerd-<id>.scope",
// ".../crio-<id>.scope").
var containerIDPattern = regexp.MustCompile(`([0-9a-f]{64})(?:\.scope)?$`)

// ContainerID returns the id of the container whose cgroup v2 path is
// cgroup, "" when the path names none. The report's --by container and the
// OTLP container.id attribute both take it from here.
func ContainerID(cgroup string) string {
	if m := containerIDPattern.FindStringSubmatch(cgroup); m != nil {
		return m[1]
	}
	return ""
}
