# Builds netbox.db from the NetBox demo data: the "dummy" data of a NetBox instance (NetBox is the
# open-source network source-of-truth application, written in Django: sites, racks, devices and
# their interfaces and ports, cables, power, IP prefixes and addresses, VLANs, VRFs, circuits from
# providers, tenants, virtual machines and clusters), as shipped in
#   github.com/netbox-community/netbox-demo-data  commit 1e3a368179d042f7990054bfb32d001e68242898
#     (2024-12-16, "Add v4.2 snapshot"), file sql/netbox-demo-v4.2.sql (2,811,755 bytes,
#     sha256 5c0e5eb06267d28b4952aad8757b5eb0c0a96d3dcd899391d859842113f55dd1), a plain-text
#     `pg_dump` (PostgreSQL 14.15) of a NetBox v4.2 database.
# Licence: MIT ("Copyright (c) 2021 Jeremy Stretch", LICENSE.md of that repository); the schema is
#   NetBox's own (Apache-2.0, "Copyrighted and licensed under Apache License 2.0 by DigitalOcean,
#   LLC."); see netbox.LICENSE.
# Why that dump: the repository has one dump per NetBox minor version (sql/netbox-demo-v3.0.sql ..
#   v4.2.sql), all under 4 MiB. From v3.3 on they hold the same demo objects (72 devices, 24 sites,
#   90 prefixes, 180 IP addresses, 29 circuits, 180 VMs...), migrated to each version's schema;
#   v4.2 is the newest, so its tables and column names are those of current NetBox (prefix and
#   VLAN-group scope as a generic relation, circuit terminations pointing at a site or a provider
#   network through termination_type_id / termination_id).
#
# The dump is parsed with the standard library only: every CREATE TABLE statement gives the columns
# and their PostgreSQL types, every `COPY public.<table> (...) FROM stdin;` block the rows
# (tab-separated, \N = NULL, backslash escapes), and the ALTER TABLE ... ADD CONSTRAINT statements
# the PRIMARY KEY, UNIQUE and FOREIGN KEY constraints.
#
# Naming conventions (Django's, as NetBox's migrations lay the database out): one table per model
# named <app label>_<model name in lower case, words run together>: dcim_site, dcim_rack,
# dcim_device, dcim_devicetype, dcim_devicerole, dcim_manufacturer, dcim_interface, dcim_cable,
# dcim_cabletermination, dcim_powerfeed, ipam_prefix, ipam_ipaddress, ipam_vlan, ipam_vrf,
# circuits_circuit, circuits_provider, tenancy_tenant, virtualization_virtualmachine; a
# many-to-many link table <table>_<field> (ipam_vrf_import_targets); the key is `id`; a
# ForeignKey field <f> becomes the column <f>_id (site_id, rack_id, role_id, device_type_id,
# manufacturer_id, tenant_id, provider_id, type_id, lag_id, rear_port_id, master_id, parent_id);
# columns starting with an underscore are NetBox's denormalised caches (_name: a natural-sort key
# of the name; _path_id: the interface's traced cable path; _children/_depth of a prefix;
# _site_id, _region_id, _site_group_id, _location_id, _rack_id, _device_id: the site etc. a
# scoped object or a cable end resolves to); *_count columns are cached counters of components;
# django-mptt trees carry lft, rght, tree_id, level (regions, site groups, locations, tenant
# and contact groups, module bays); choice fields are stored as NetBox's slug values ('active',
# 'container', '4-post-cabinet', '1000base-t', 'cat5e', 'iec-60320-c14', 'single-phase'), with no
# lookup table; colours are 6-hex-digit strings without '#'. Generic relations are a pair
# <x>_type_id -> django_content_type plus <x>_id with no declared target: ipam_prefix.scope_type_id
# / scope_id and ipam_vlangroup.scope_type_id / scope_id (a dcim.site here),
# circuits_circuittermination.termination_type_id / termination_id (dcim.site or
# circuits.providernetwork), dcim_cabletermination.termination_type_id / termination_id
# (dcim.interface, dcim.frontport, dcim.rearport, dcim.powerport, dcim.poweroutlet,
# circuits.circuittermination), extras_taggeditem.content_type_id / object_id and
# tenancy_contactassignment.object_type_id / object_id (dcim.site); dcim_cablepath._nodes and
# .path list the objects of a traced path as '<content type id>:<object id>'.
#
# Tables kept: every table of the dump with at least one row, except the ones listed as left out
# below: 71 tables, 6,480 rows (row counts are printed by the build).
#
# Left out: Django and authentication internals that carry no business data: django_migrations
# (655), django_session (9), django_admin_log (12 admin change-log rows), auth_permission (645),
# users_group (1), users_user_groups (5), users_userconfig (6 rows of per-user UI preferences in
# JSON), extras_cachedvalue (13,645 rows of NetBox's search cache, derived from the other tables);
# the 110 tables without rows (core_objectchange among them: the change log is empty);
# users_user.password (credential hashes; users_user itself is kept because rack reservations
# point at it); and in every kept table each column that is NULL, '' or an empty JSON/array value
# ('{}', '[]') in all rows (for instance custom_field_data everywhere but tenancy_tenant,
# dcim_device.serial, asset_tag, primary_ip4_id, cluster_id, comments; circuits_circuit.
# install_date, commit_rate; dcim_cable.length, label; the interfaces' mtu, mode, speed, vrf_id,
# untagged_vlan_id, wireless columns; ipam_ipaddress.assigned_object_type_id / assigned_object_id,
# dns_name, role, tenant_id: no address is assigned to an interface in this data). Nothing is
# subset.
#
# Changed (only what SQLite needs): PostgreSQL types map to SQLite ones: integer, bigint, smallint
# -> INTEGER; numeric -> REAL (device position, device-type u_height); boolean 't'/'f' -> INTEGER
# 1/0; timestamp with time zone (dumped in the server's zone, America/New_York, '2020-12-29
# 19:00:00-05') -> UTC text 'YYYY-MM-DD HH:MM:SS' (fractions of a second dropped), as Django
# stores them; date -> 'YYYY-MM-DD'; cidr and inet (prefix '10.112.0.0/15', address
# '172.16.0.1/24' with its mask) and varchar/text -> TEXT as written; jsonb and arrays
# (tenancy_tenant.custom_field_data '{"cust_id": "DMI01"}', dcim_cablepath.path,
# dcim_rackreservation.units '{1,2,3}', ipam_vlangroup.vid_ranges '{"[1,4095)"}') -> their text as
# dumped. Empty strings stay '' (Django's blank) and NULL stays NULL. NOT NULL, PRIMARY KEY (id
# everywhere), UNIQUE and FOREIGN KEY constraints are declared as in the dump, the foreign keys as
# column REFERENCES, limited to kept columns and tables; every reference is checked (the build
# fails on a dangling key). Rows are written in id order.
#
# Usage: python3 netbox-build.py <dir> <out.db>
#   <dir> is either a checkout of netbox-demo-data (the file is read from <dir>/sql/) or its git
#   directory (the file is read at the commit above with `git show`).
#        gzip -9 -n <out.db>
import datetime
import hashlib
import os
import re
import sqlite3
import subprocess
import sys

COMMIT = '1e3a368179d042f7990054bfb32d001e68242898'
PATH = 'sql/netbox-demo-v4.2.sql'
SHA256 = '5c0e5eb06267d28b4952aad8757b5eb0c0a96d3dcd899391d859842113f55dd1'

LEFT_OUT = {
    'django_migrations', 'django_session', 'django_admin_log', 'auth_permission',
    'users_group', 'users_user_groups', 'users_userconfig', 'extras_cachedvalue',
}
SECRET_COLUMNS = {('users_user', 'password')}


def read_source(src):
    path = os.path.join(src, PATH)
    if os.path.isfile(path):
        with open(path, 'rb') as f:
            raw = f.read()
    else:
        raw = subprocess.run(['git', '--git-dir', src, 'show', COMMIT + ':' + PATH],
                             check=True, stdout=subprocess.PIPE).stdout
    digest = hashlib.sha256(raw).hexdigest()
    if digest != SHA256:
        raise SystemExit('unexpected %s (sha256 %s)' % (PATH, digest))
    return raw.decode('utf-8')


ESC = {'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v', '\\': '\\'}


def unescape(field):
    # COPY text format: \N is NULL; backslash escapes as PostgreSQL documents them.
    if field == '\\N':
        return None
    if '\\' not in field:
        return field
    out = []
    i = 0
    while i < len(field):
        c = field[i]
        if c != '\\':
            out.append(c)
            i += 1
            continue
        n = field[i + 1]
        if n in ESC:
            out.append(ESC[n])
            i += 2
        elif n in '01234567':
            m = re.match(r'[0-7]{1,3}', field[i + 1:])
            out.append(chr(int(m.group(0), 8)))
            i += 1 + len(m.group(0))
        elif n == 'x':
            m = re.match(r'[0-9a-fA-F]{1,2}', field[i + 2:])
            out.append(chr(int(m.group(0), 16)))
            i += 2 + len(m.group(0))
        else:
            out.append(n)
            i += 2
    return ''.join(out)


def parse(text):
    tables = {}
    for m in re.finditer(r'^CREATE TABLE public\.(\w+) \(\n(.*?)\n\);', text, re.S | re.M):
        cols = []
        for line in m.group(2).split(',\n'):
            line = line.strip()
            if line.startswith('CONSTRAINT'):
                continue
            mm = re.match(r'"?(\w+)"? (.*)$', line, re.S)
            cols.append((mm.group(1), mm.group(2)))
        tables[m.group(1)] = cols
    data = {}
    for m in re.finditer(r'^COPY public\.(\w+) \((.*?)\) FROM stdin;\n(.*?)^\\\.\n', text,
                         re.S | re.M):
        names = [c.strip().strip('"') for c in m.group(2).split(',')]
        rows = [[unescape(v) for v in line.split('\t')]
                for line in m.group(3).split('\n') if line != '']
        assert all(len(r) == len(names) for r in rows), m.group(1)
        data[m.group(1)] = (names, rows)
    pks, uniques, fks = {}, [], []
    for m in re.finditer(r'^ALTER TABLE ONLY public\.(\w+)\n    ADD CONSTRAINT (\w+) '
                         r'(PRIMARY KEY|UNIQUE|FOREIGN KEY) \(([^)]*)\)'
                         r'(?: REFERENCES public\.(\w+)\((\w+)\))?', text, re.M):
        table, kind = m.group(1), m.group(3)
        cols = [c.strip().strip('"') for c in m.group(4).split(',')]
        if kind == 'PRIMARY KEY':
            pks[table] = cols
        elif kind == 'UNIQUE':
            uniques.append((table, cols))
        else:
            assert len(cols) == 1
            fks.append((table, cols[0], m.group(5), m.group(6)))
    return tables, data, pks, uniques, fks


def kind_of(pgtype):
    t = pgtype.split(' NOT NULL')[0].split(' COLLATE')[0].strip()
    if t.endswith('[]'):
        return 'array'
    if t in ('integer', 'bigint', 'smallint'):
        return 'int'
    if t.startswith('numeric'):
        return 'real'
    if t == 'boolean':
        return 'bool'
    if t == 'timestamp with time zone':
        return 'dt'
    if t == 'date':
        return 'date'
    if t in ('jsonb', 'json'):
        return 'json'
    if t.startswith('character varying') or t in ('text', 'cidr', 'inet', 'macaddr', 'macaddr8'):
        return 'text'
    raise ValueError(pgtype)


SQLTYPE = {'int': 'INTEGER', 'real': 'REAL', 'bool': 'INTEGER', 'dt': 'TEXT', 'date': 'TEXT',
           'json': 'TEXT', 'array': 'TEXT', 'text': 'TEXT'}

DT = re.compile(r'^(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)(?:\.\d+)?([+-]\d\d)(?::?(\d\d))?$')


def utc(v):
    m = DT.match(v)
    if not m:
        raise ValueError(v)
    local = datetime.datetime.strptime(m.group(1), '%Y-%m-%d %H:%M:%S')
    sign = -1 if m.group(2)[0] == '-' else 1
    offset = datetime.timedelta(hours=int(m.group(2)[1:]), minutes=int(m.group(3) or 0))
    return (local - sign * offset).strftime('%Y-%m-%d %H:%M:%S')


def convert(v, kind):
    if v is None:
        return None
    if kind == 'int':
        return int(v)
    if kind == 'real':
        return float(v)
    if kind == 'bool':
        assert v in ('t', 'f'), v
        return 1 if v == 't' else 0
    if kind == 'dt':
        return utc(v)
    if kind == 'date':
        assert re.match(r'^\d{4}-\d\d-\d\d$', v), v
        return v
    return v


def is_empty(v, kind):
    return v is None or v == '' or (kind in ('json', 'array') and v in ('{}', '[]'))


def q(name):
    return '"' + name + '"'


def main(src, out):
    tables, data, pks, uniques, fks = parse(read_source(src))
    keep = sorted(t for t, (names, rows) in data.items() if rows and t not in LEFT_OUT)

    # Columns kept per table, in the dump's column order.
    cols = {}
    values = {}
    for t in keep:
        names, rows = data[t]
        types = dict(tables[t])
        assert names == [c for c, _ in tables[t]], t
        kinds = [kind_of(types[c]) for c in names]
        conv = [[convert(v, k) for v, k in zip(r, kinds)] for r in rows]
        kept = [i for i, c in enumerate(names)
                if (t, c) not in SECRET_COLUMNS
                and not all(is_empty(r[i], kinds[i]) for r in conv)]
        cols[t] = [(names[i], kinds[i], 'NOT NULL' in types[names[i]]) for i in kept]
        assert pks[t] == ['id'], t
        id_at = names.index('id')
        conv.sort(key=lambda r: r[id_at])
        values[t] = [[r[i] for i in kept] for r in conv]

    keptcols = {(t, c) for t in keep for c, _, _ in cols[t]}
    ref = {}
    for t, c, rt, rc in fks:
        if (t, c) not in keptcols:
            continue
        if rt not in keep:
            raise SystemExit('%s.%s points at %s, which is left out' % (t, c, rt))
        assert rc == 'id'
        ref[(t, c)] = rt

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    nuniq = 0
    for t in keep:
        defs = []
        for c, k, notnull in cols[t]:
            d = '%s %s' % (q(c), SQLTYPE[k])
            if notnull:
                d += ' NOT NULL'
            if c == 'id':
                d += ' PRIMARY KEY'
            if (t, c) in ref:
                d += ' REFERENCES %s ("id")' % q(ref[(t, c)])
            defs.append(d)
        for ut, ucols in uniques:
            if ut == t and all((t, c) in keptcols for c in ucols):
                defs.append('UNIQUE (%s)' % ', '.join(q(c) for c in ucols))
                nuniq += 1
        db.execute('CREATE TABLE %s (\n  %s\n)' % (q(t), ',\n  '.join(defs)))
        db.executemany('INSERT INTO %s VALUES (%s)' % (q(t), ','.join('?' * len(cols[t]))),
                       values[t])
    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit('dangling foreign keys: %r' % bad[:10])
    # Count the non-NULL references that were checked.
    checked = 0
    for (t, c), rt in sorted(ref.items()):
        checked += db.execute('SELECT COUNT(%s) FROM %s' % (q(c), q(t))).fetchone()[0]
    db.execute('VACUUM')
    db.close()
    for t in keep:
        print('%-40s %6d rows %3d columns' % (t, len(values[t]), len(cols[t])))
    print('tables', len(keep), 'rows', sum(len(values[t]) for t in keep))
    print('REFERENCES declared', len(ref), 'non-NULL key values checked', checked,
          'UNIQUE constraints', nuniq)


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
