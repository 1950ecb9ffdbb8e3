/* struct conn is only declared in this unit (defined in conn.c): dwarfvar
   finds its definition in the other unit, as gdb does. */
struct conn;
struct conn *conn_new(int fd);
void conn_poke(struct conn *c);

__attribute__((noinline)) void use(struct conn *c, int k)
{
	conn_poke(c); /* BP use */
	conn_poke(c);
	(void)k;
}

int main(void)
{
	use(conn_new(7), 3);
	return 0;
}
