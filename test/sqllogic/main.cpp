// teal-sqllogic — first cut.
int main() { return 0; }
