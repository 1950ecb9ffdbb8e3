// primes.cc: Appel, Duba and MacQueen's example (figure 1) in C++:
// subset takes a predicate and returns a function f that keeps the
// elements satisfying it; isPrime tests divisors with a nested recursive
// lambda test; primes = subset(isPrime) runs over 1..N, R times.
// Usage: primes N R.  Expected call counts (by hand, see the test):
// subset 1, subset.f R*(N+1), isPrime R*N, isPrime.test R*sum(x).
#include <cstdio>
#include <cstdlib>
#include <vector>

template <class P> auto subset(P pred)
{
	auto f = [pred](auto &self, const long *a, const long *end, std::vector<long> &out) -> void {
		if (a == end)
			return;
		if (pred(*a))
			out.push_back(*a);
		self(self, a + 1, end, out);
	};
	return f;
}

bool isPrime(long x)
{
	auto test = [x](auto &self, long i) -> bool { return i >= x || (x % i != 0 && self(self, i + 1)); };
	return test(test, 2);
}

int main(int argc, char **argv)
{
	long n = argc > 1 ? atol(argv[1]) : 1000;
	long r = argc > 2 ? atol(argv[2]) : 1;
	std::vector<long> nat;
	for (long i = 1; i <= n; i++)
		nat.push_back(i);
	auto primes = subset(isPrime);
	long count = 0;
	for (long k = 0; k < r; k++) {
		std::vector<long> out;
		primes(primes, nat.data(), nat.data() + nat.size(), out);
		count += (long)out.size();
	}
	printf("%ld\n", count);
	return 0;
}
