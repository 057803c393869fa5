// AtCoder ABC 368 F (Dividing Game) as a contestant's first program: a memoized search of the
// nim-value of each number over its proper divisors (trial division to the square root), the
// memo a hash map, the answer the XOR of the numbers' values. The same states as
// examples/rules/dividing.luau. Reads N and A_1..A_N; prints Anna or Bruno.
#include <cstdio>
#include <unordered_map>
#include <vector>
static std::unordered_map<int, int> memo;
static int g(int n) {
    auto it = memo.find(n);
    if (it != memo.end()) return it->second;
    std::vector<int> opts;
    if (n > 1) opts.push_back(1);
    for (int d = 2; d * d <= n; d++)
        if (n % d == 0) {
            opts.push_back(d);
            if (n / d != d) opts.push_back(n / d);
        }
    std::vector<char> seen(opts.size() + 1, 0);
    for (int q : opts) {
        int v = g(q);
        if (v < (int)seen.size()) seen[v] = 1;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[n] = v;
    return v;
}
int main() {
    int n;
    if (scanf("%d", &n) != 1) return 1;
    int x = 0;
    for (int i = 0; i < n; i++) {
        int a;
        if (scanf("%d", &a) != 1) return 1;
        x ^= g(a);
    }
    printf("%s\n", x ? "Anna" : "Bruno");
}
