/* The definition of opaque.c's struct conn. */
struct conn {
	int fd;
	long bytes;
};

struct conn *conn_new(int fd)
{
	static struct conn c;
	c.fd = fd;
	c.bytes = fd * 100L;
	return &c;
}

void conn_poke(struct conn *c)
{
	c->bytes++;
}
