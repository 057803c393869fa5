// POJ 2484 (A Funny Game) as a contestant's first program: a memoized search of the circle
// of n coins through the lines its first move leaves (taking one or two adjacent coins of a
// line leaves two lines: Kayles), the memo a hash map. The same states as
// examples/rules/funny.luau: about n^2 / 2 options for a circle of n. Reads n until 0; prints
// Alice or Bob.
#include <cstdio>
#include <unordered_map>
#include <vector>
static std::unordered_map<int, int> memo;
static int line(int k) {
    auto it = memo.find(k);
    if (it != memo.end()) return it->second;
    std::vector<char> seen(k + 2, 0);
    for (int a = 0; a <= (k - 1) / 2 && k >= 1; a++) {
        int v = line(a) ^ line(k - 1 - a);
        if (v < (int)seen.size()) seen[v] = 1;
    }
    for (int a = 0; a <= (k - 2) / 2 && k >= 2; a++) {
        int v = line(a) ^ line(k - 2 - a);
        if (v < (int)seen.size()) seen[v] = 1;
    }
    int v = 0;
    while (seen[v]) v++;
    memo[k] = v;
    return v;
}
int main() {
    int n;
    while (scanf("%d", &n) == 1 && n > 0) {
        // The circle is won when a line left by the first move is lost for the mover.
        bool w = line(n - 1) == 0 || (n >= 2 && line(n - 2) == 0);
        printf("%s\n", w ? "Alice" : "Bob");
    }
}
