#include "app/cli/cli.hpp"

int main(int argc, char** argv) { return portal::app::run_cli(argc, argv); }
