package profile

import "testing"

// TestContainerID: the cgroup paths of docker (systemd and cgroupfs
// drivers), containerd under Kubernetes, and cri-o name their container;
// other paths (a service, a user session, an id not at the end) name none.
func TestContainerID(t *testing.T) {
	const id = "3f4e2b9c1d0a8e7f6b5c4d3e2f1a0b9c8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f3a"
	tests := []struct{ cgroup, want string }{
		{"/system.slice/docker-" + id + ".scope", id},
		{"/docker/" + id, id},
		{"/kubepods.slice/kubepods-burstable.slice/kubepods-burstable-pod1234.slice/cri-containerd-" + id + ".scope", id},
		{"/kubepods.slice/kubepods-pod1.slice/crio-" + id + ".scope", id},
		{"/system.slice/cron.service", ""},
		{"/user.slice/user-0.slice/session-3.scope", ""},
		{"/docker/" + id + "/child", ""},
		{"/docker/" + id[:63], ""},
		{"", ""},
	}
	for _, tt := range tests {
		if got := ContainerID(tt.cgroup); got != tt.want {
			t.Errorf("ContainerID(%q) = %q, want %q", tt.cgroup, got, tt.want)
		}
	}
}
