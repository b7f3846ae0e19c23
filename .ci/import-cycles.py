#!/usr/bin/env python3
"""Sibling modules that import each other, in every crate's src/ (docs/ARCHITECTURE.md:
a module may use its parent and children; two modules not one inside the other never import
each other). Reads `crate::` and `super::` paths outside comments and test modules; prints
each pair and exits 1 when there is one."""
import os, re, sys
import pathlib
root=str(pathlib.Path(__file__).resolve().parent.parent/'crates')
def modpath(crate_src, f):
    rel=os.path.relpath(f,crate_src)[:-3].split('/')
    if rel[-1] in ('mod','lib'): rel=rel[:-1]
    return tuple(rel)
edges={}
for crate in sorted(os.listdir(root)):
    src=os.path.join(root,crate,'src')
    if not os.path.isdir(src): continue
    files={}
    for d,_,fs in os.walk(src):
        for f in fs:
            if f.endswith('.rs'):
                p=os.path.join(d,f); files[modpath(src,p)]=p
    for m,p in files.items():
        text=open(p).read()
        # strip comments
        text=re.sub(r'//[^\n]*','',text)
        # cut test modules crudely
        i=text.find('#[cfg(test)]\nmod tests {')
        if i>=0: text=text[:i]
        refs=set()
        for mt in re.finditer(r'\b(crate|super)((?:::\w+)+)',text):
            base=mt.group(1); parts=mt.group(2).split('::')[1:]
            if base=='crate': path=list(parts)
            else:
                cur=list(m)
                # super relative to module m
                path=cur[:-1]+parts
            # longest prefix that is a file module
            for k in range(len(path),0,-1):
                if tuple(path[:k]) in files:
                    refs.add(tuple(path[:k])); break
        # also `use super::{a, b}` groups
        for mt in re.finditer(r'\b(crate|super)::\{([^}]*)\}',text):
            base=mt.group(1)
            for name in re.findall(r'(\w+)',mt.group(2)):
                path=([] if base=='crate' else list(m[:-1]))+[name]
                if tuple(path) in files: refs.add(tuple(path))
        for r in refs:
            if r!=m: edges.setdefault((crate,m),set()).add((crate,r))
def anc(a,b): return a[1][:len(b[1])]==b[1] or b[1][:len(a[1])]==a[1]
found=set()
for a,rs in edges.items():
    for b in rs:
        if a in edges.get(b,()) and not anc(a,b):
            found.add(tuple(sorted([a,b])))
for a,b in sorted(found):
    print(a[0], '::'.join(a[1]) or 'lib', '<->', '::'.join(b[1]) or 'lib')
sys.exit(1 if found else 0)
