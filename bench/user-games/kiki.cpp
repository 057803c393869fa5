// HDU 2147 (kiki's game) as a contestant's first program: a memoized search over the same
// positions as kiki.luau, the memo a hash map.
#include <cstdio>
#include <cstdlib>
#include <unordered_map>
static std::unordered_map<long long, int> memo;
static int g(int n, int m) {
    long long key = (long long)n << 32 | m;
    auto it = memo.find(key);
    if (it != memo.end()) return it->second;
    bool seen[5] = {};
    if (m > 1) seen[g(n, m - 1)] = true;
    if (n > 1) seen[g(n - 1, m)] = true;
    if (n > 1 && m > 1) seen[g(n - 1, m - 1)] = true;
    int v = 0;
    while (seen[v]) v++;
    memo[key] = v;
    return v;
}
int main(int argc, char** argv) {
    int n = argc > 2 ? atoi(argv[1]) : 1999, m = argc > 2 ? atoi(argv[2]) : 1999;
    int v = g(n, m);
    printf("%s %d\n", v ? "N" : "P", v);
}
