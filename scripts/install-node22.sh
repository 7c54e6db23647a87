#!/usr/bin/env bash
# Puts Node.js 22 LTS first on PATH when the machine's node is older (Node 20 is end of life; oidc-provider,
# cookie@2 and content-disposition@3 want 22). The binary comes from the npm registry's node-linux-<arch>
# package, so no other download host is needed. Source it: `. scripts/install-node22.sh`.
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 22 ]; then
  case "$(uname -m)" in
    x86_64) node_arch=x64 ;;
    aarch64 | arm64) node_arch=arm64 ;;
    *) echo "No Node.js 22 package for $(uname -m): install Node.js 22 yourself." >&2; return 1 2>/dev/null || exit 1 ;;
  esac
  node_dir="${NODE22_DIR:-$HOME/.cache/node22-$node_arch}"
  if [ ! -x "$node_dir/package/bin/node" ]; then
    echo "Installing Node.js 22 from the npm registry into $node_dir..."
    mkdir -p "$node_dir"
    (cd "$node_dir" && npm pack "node-linux-$node_arch@22" --silent >/dev/null && tar xzf node-linux-"$node_arch"-*.tgz)
  fi
  export PATH="$node_dir/package/bin:$PATH"
fi
echo "Node.js $(node --version), npm $(npm --version)"
