// HDU 3032 (Nim or not Nim?, up to 10^6 heaps of up to 2^31 - 1) as a contestant writes it
// after the table: heaps this large rule out any search, so the accepted program applies
// Lasker's rule (a multiple of 4 is worth one less, 3 mod 4 one more). The scripts'
// counterpart is examples/rules/lasker_closed.luau. Reads T cases of N heaps; prints Alice
// or Bob.
#include <cstdio>
int main() {
    int T;
    if (scanf("%d", &T) != 1) return 1;
    while (T--) {
        int n;
        if (scanf("%d", &n) != 1) return 1;
        long long x = 0;
        for (int i = 0; i < n; i++) {
            long long s;
            if (scanf("%lld", &s) != 1) return 1;
            long long g = s % 4 == 0 ? s - 1 : s % 4 == 3 ? s + 1 : s;
            x ^= g;
        }
        printf("%s\n", x ? "Alice" : "Bob");
    }
}
