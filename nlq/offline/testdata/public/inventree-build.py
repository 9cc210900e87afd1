# Builds inventree.db from the InvenTree demo dataset, the data behind demo.inventree.org
# (InvenTree is an open-source inventory-management system written in Django: parts and their
# categories, stock items in stock locations, suppliers, manufacturers and customers, purchase,
# sales and return orders, bills of materials and build orders), as shipped in
#   github.com/inventree/demo-dataset  commit 6200e342b78ee042c2435d49f01f3fff358a2cc2
#     (2024-03-19, "Adjust global settings (#61)"), file inventree_data.json (4,193,403 bytes,
#     sha256 9298dca3918ae0183e47ef8d7d5c5d3fb0fd379dcd5d9e03ea4475db32e11b8e).
# Licence: MIT ("Copyright (c) 2021 InvenTree", LICENSE at that commit; README: "License: MIT"
#   badge); see inventree.LICENSE.
# Why that commit: it is the newest one whose inventree_data.json is under 4 MiB; every later
# version (from 8a3054434130fdad4252aa9439c76269dd9c29d5, 2024-03-21, on) is larger and absent
# from the stored snapshot this was built from.
#
# The file is a Django fixture (`manage.py dumpdata` output: a JSON list of {"model":
# "<app>.<model>", "pk": ..., "fields": {...}}), 8,481 objects. The data is hand-entered demo
# content of a small company that stocks electronic components (resistors, capacitors, ICs,
# connectors, with real manufacturer part numbers and DigiKey/Mouser/Arrow SKUs and price
# breaks), mechanical parts, paint and furniture, and builds assemblies ("widgets", PCBAs, chairs,
# tables) from them; company addresses and contact e-mails are invented.
#
# Naming conventions (Django's, as `manage.py migrate` lays the database out): one table per
# model named <app label>_<model name in lower case, words run together>: part_part,
# part_partcategory, part_bomitem, stock_stockitem, stock_stocklocation, company_supplierpart,
# company_supplierpricebreak, order_purchaseorderlineitem, order_salesorderallocation,
# build_builditem, auth_user, users_owner; the key is `id`; a ForeignKey field <f> becomes the
# column <f>_id (part_id, sub_part_id, variant_of_id, supplier_part_id, manufacturer_part_id,
# belongs_to_id, created_by_id, build_line_id, install_into_id, part_1_id); the field names are
# the model's own, in snake_case except the upper-case IPN, MPN and SKU; django-mptt trees carry
# lft, rght, tree_id, level (part categories, stock locations, parts, stock items, builds);
# django-money fields come in pairs <f> and <f>_currency (price, price_currency; purchase_price,
# purchase_price_currency). Beware: in company_supplierpricebreak and
# order_purchaseorderlineitem the column part_id points at company_supplierpart (the supplier's
# offer), not at part_part; everywhere else part_id is a part_part. Statuses are integer codes
# with no table in the database (InvenTree decodes them in Python; meanings from the
# status_codes.py files of InvenTree's source of that time): stock_stockitem.status 10 OK,
# 50 attention needed, 55 damaged, 60 destroyed, 65 rejected, 70 lost, 75 quarantined, 85
# returned; order_purchaseorder.status 10 pending, 20 placed, 30 complete, 40 cancelled, 50 lost,
# 60 returned; order_salesorder.status 10 pending, 15 in progress, 20 shipped, 40 cancelled, 50
# lost, 60 returned; order_returnorder.status 10 pending, 20 in progress, 30 complete, 40
# cancelled; build_build.status 10 pending, 20 production, 30 cancelled, 40 complete;
# order_returnorderlineitem.outcome 10 pending, 20 return, 30 repair, 40 replace, 50 refund, 60
# reject; stock_stockitemtracking.tracking_type is InvenTree's StockHistoryCode (1 created, 5
# edited, 6 assigned serial, 12 stock removed, 20 location changed, 30 installed into assembly,
# 35 installed component item, 40 split from parent, 42 split child item, 50 build output
# created, 55 build output completed, 56 build output rejected, 57 consumed by build order, 70
# received against purchase order, 80 returned against return order, 100 sent to customer).
#
# Tables kept (rows; columns in the fixture's field order after `id`):
#   auth_user (4), auth_group (3), auth_user_groups (3, the many-to-many `groups`),
#   django_content_type (2), users_owner (7), common_projectcode (6),
#   company_company (36), company_address (72), company_contact (70),
#   company_manufacturerpart (187), company_supplierpart (773), company_supplierpricebreak (1,001),
#   part_partcategory (27), part_part (414), part_bomitem (228), part_bomitemsubstitute (3),
#   part_partparametertemplate (19), part_partparameter (1,194), part_partinternalpricebreak (258),
#   part_partsellpricebreak (2), part_partpricing (414), part_partstocktake (429),
#   part_parttesttemplate (11), part_partrelated (5),
#   stock_stocklocation (19), stock_stockitem (1,106), stock_stockitemtracking (1,076),
#   stock_stockitemtestresult (104),
#   order_purchaseorder (12), order_purchaseorderlineitem (30), order_purchaseorderextraline (2),
#   order_salesorder (6), order_salesorderlineitem (13), order_salesorderextraline (3),
#   order_salesordershipment (5), order_salesorderallocation (16),
#   order_returnorder (6), order_returnorderlineitem (3), order_returnorderextraline (1),
#   build_build (16), build_buildline (361), build_builditem (230).
# Every fixture pk is kept as `id` (PRIMARY KEY; auth_user_groups and django_content_type, which the
# fixture does not carry as rows, are numbered here); every ForeignKey is declared with REFERENCES
# and checked (the build fails on a dangling key); nothing is subset.
#
# Left out: the application's configuration and user interface rows (common.inventreesetting 114,
# common.inventreeusersetting 142, common.newsfeedentry 4, common.customunit 1,
# plugin.notificationusersetting 1, label.* 6 and report.* 8 templates, users.ruleset 30
# permission rows, part.partstar 1 "starred" flag, part.partattachment 2 file links);
# auth.user.password (credential hashes); in every table the fields `metadata` (plugin JSON, {}
# or null throughout), `barcode_data`/`barcode_hash`, `image`/`attachment` (media file paths),
# `checksum`/`bom_checksum` (BOM validation hashes), and every field that is null or '' in all
# rows of its table (for instance notes, link, phone, email and address of the orders,
# default_location, default_supplier and responsible_owner of parts, consumed_by, expiry_date,
# stocktake_date, stocktake_user and owner of stock items, owner and location_type of locations,
# override_min/override_max with their _currency columns in part_partpricing); the many-to-many
# user_permissions and group permissions (empty).
#
# Changed (only what SQLite needs): a ForeignKey to auth.user is written in the fixture as the
# user's natural key (["admin"]) and becomes that user's id; users_owner.owner_type is a natural
# key of django.contrib.contenttypes (["auth", "group"]) and becomes owner_type_id ->
# django_content_type, a table built here with just the two content types used (ids 1 auth.group,
# 2 auth.user: a real deployment numbers them at migrate time); booleans -> INTEGER 0/1; decimal
# strings ('440.00000', '0.299600') -> REAL; dates stay 'YYYY-MM-DD'; datetimes
# '2022-11-12T01:53:16.495Z' (UTC) become '2022-11-12 01:53:16.495000' as Django's SQLite
# backend stores them; JSON fields (stock_stockitemtracking.deltas) are JSON text.
#
# Usage: python3 inventree-build.py <inventree+demo-dataset git dir> <out.db>
#        gzip -9 -n <out.db>
import json, os, sqlite3, subprocess, sys

COMMIT = '6200e342b78ee042c2435d49f01f3fff358a2cc2'
PATH = 'inventree_data.json'

# Column kinds: pk, int, real (decimal string), text, bool, date, dt (datetime), json,
# ('fk', table) a ForeignKey by pk, ('ufk',) a ForeignKey to auth_user by natural key.
U = ('ufk',)
def FK(t):
    return ('fk', t)

# (table, fixture model, [(fixture field, kind)], in the fixture's field order).
TABLES = [
    ('django_content_type', None, None),
    ('auth_group', 'auth.group', [('name', 'text')]),
    ('auth_user', 'auth.user', [
        ('last_login', 'dt'), ('is_superuser', 'bool'), ('username', 'text'),
        ('first_name', 'text'), ('last_name', 'text'), ('is_staff', 'bool'),
        ('is_active', 'bool'), ('date_joined', 'dt')]),
    ('auth_user_groups', None, None),
    ('users_owner', 'users.owner', [('owner_type', FK('django_content_type')), ('owner_id', 'int')]),
    ('common_projectcode', 'common.projectcode', [('code', 'text'), ('description', 'text')]),
    ('company_company', 'company.company', [
        ('name', 'text'), ('description', 'text'), ('website', 'text'), ('contact', 'text'),
        ('is_customer', 'bool'), ('is_supplier', 'bool'), ('is_manufacturer', 'bool'),
        ('currency', 'text')]),
    ('company_address', 'company.address', [
        ('company', FK('company_company')), ('title', 'text'), ('primary', 'bool'),
        ('line1', 'text'), ('line2', 'text'), ('postal_code', 'text'), ('postal_city', 'text'),
        ('province', 'text'), ('country', 'text')]),
    ('company_contact', 'company.contact', [
        ('company', FK('company_company')), ('name', 'text'), ('email', 'text')]),
    ('part_partcategory', 'part.partcategory', [
        ('name', 'text'), ('description', 'text'), ('parent', FK('part_partcategory')),
        ('pathstring', 'text'), ('structural', 'bool'), ('default_keywords', 'text'),
        ('lft', 'int'), ('rght', 'int'), ('tree_id', 'int'), ('level', 'int')]),
    ('part_part', 'part.part', [
        ('name', 'text'), ('is_template', 'bool'), ('variant_of', FK('part_part')),
        ('description', 'text'), ('keywords', 'text'), ('category', FK('part_partcategory')),
        ('IPN', 'text'), ('revision', 'text'), ('default_expiry', 'int'),
        ('minimum_stock', 'real'), ('units', 'text'), ('assembly', 'bool'),
        ('component', 'bool'), ('trackable', 'bool'), ('purchaseable', 'bool'),
        ('salable', 'bool'), ('active', 'bool'), ('virtual', 'bool'), ('bom_checked_by', U),
        ('bom_checked_date', 'date'), ('creation_date', 'date'), ('creation_user', U),
        ('last_stocktake', 'date'), ('base_cost', 'real'), ('multiple', 'int'),
        ('lft', 'int'), ('rght', 'int'), ('tree_id', 'int'), ('level', 'int')]),
    ('part_bomitem', 'part.bomitem', [
        ('part', FK('part_part')), ('sub_part', FK('part_part')), ('quantity', 'real'),
        ('optional', 'bool'), ('consumable', 'bool'), ('reference', 'text'), ('note', 'text'),
        ('validated', 'bool'), ('inherited', 'bool'), ('allow_variants', 'bool')]),
    ('part_bomitemsubstitute', 'part.bomitemsubstitute', [
        ('bom_item', FK('part_bomitem')), ('part', FK('part_part'))]),
    ('part_partparametertemplate', 'part.partparametertemplate', [
        ('name', 'text'), ('units', 'text'), ('description', 'text'), ('checkbox', 'bool'),
        ('choices', 'text')]),
    ('part_partparameter', 'part.partparameter', [
        ('part', FK('part_part')), ('template', FK('part_partparametertemplate')),
        ('data', 'text'), ('data_numeric', 'real')]),
    ('part_partinternalpricebreak', 'part.partinternalpricebreak', [
        ('quantity', 'real'), ('price_currency', 'text'), ('price', 'real'),
        ('part', FK('part_part'))]),
    ('part_partsellpricebreak', 'part.partsellpricebreak', [
        ('updated', 'dt'), ('quantity', 'real'), ('price_currency', 'text'), ('price', 'real'),
        ('part', FK('part_part'))]),
    ('part_partpricing', 'part.partpricing', [('updated', 'dt'), ('currency', 'text'),
        ('scheduled_for_update', 'bool'), ('part', FK('part_part'))] + [
        (f + suffix, 'text' if suffix else 'real')
        for f in ('bom_cost_min', 'bom_cost_max', 'purchase_cost_min', 'purchase_cost_max',
                  'internal_cost_min', 'internal_cost_max', 'supplier_price_min',
                  'supplier_price_max', 'variant_cost_min', 'variant_cost_max', 'overall_min',
                  'overall_max', 'sale_price_min', 'sale_price_max', 'sale_history_min',
                  'sale_history_max')
        for suffix in ('_currency', '')]),
    ('part_parttesttemplate', 'part.parttesttemplate', [
        ('part', FK('part_part')), ('test_name', 'text'), ('key', 'text'),
        ('description', 'text'), ('enabled', 'bool'), ('required', 'bool'),
        ('requires_value', 'bool'), ('requires_attachment', 'bool')]),
    ('part_partrelated', 'part.partrelated', [
        ('part_1', FK('part_part')), ('part_2', FK('part_part'))]),
    ('company_manufacturerpart', 'company.manufacturerpart', [
        ('part', FK('part_part')), ('manufacturer', FK('company_company')), ('MPN', 'text'),
        ('link', 'text'), ('description', 'text')]),
    ('company_supplierpart', 'company.supplierpart', [
        ('updated', 'dt'), ('part', FK('part_part')), ('supplier', FK('company_company')),
        ('SKU', 'text'), ('manufacturer_part', FK('company_manufacturerpart')), ('link', 'text'),
        ('description', 'text'), ('note', 'text'), ('base_cost', 'real'),
        ('packaging', 'text'), ('pack_quantity', 'text'), ('pack_quantity_native', 'real'),
        ('multiple', 'int'), ('available', 'real'), ('availability_updated', 'dt')]),
    ('company_supplierpricebreak', 'company.supplierpricebreak', [
        ('updated', 'dt'), ('quantity', 'real'), ('price_currency', 'text'), ('price', 'real'),
        ('part', FK('company_supplierpart'))]),
    ('stock_stocklocation', 'stock.stocklocation', [
        ('name', 'text'), ('description', 'text'), ('parent', FK('stock_stocklocation')),
        ('pathstring', 'text'), ('structural', 'bool'), ('external', 'bool'),
        ('lft', 'int'), ('rght', 'int'), ('tree_id', 'int'), ('level', 'int')]),
    ('order_purchaseorder', 'order.purchaseorder', [
        ('reference_int', 'int'), ('notes', 'text'), ('total_price_currency', 'text'),
        ('total_price', 'real'), ('description', 'text'),
        ('project_code', FK('common_projectcode')), ('target_date', 'date'),
        ('creation_date', 'date'), ('created_by', U), ('responsible', FK('users_owner')),
        ('reference', 'text'), ('status', 'int'), ('supplier', FK('company_company')),
        ('supplier_reference', 'text'), ('received_by', U), ('issue_date', 'date'),
        ('complete_date', 'date')]),
    ('order_purchaseorderlineitem', 'order.purchaseorderlineitem', [
        ('quantity', 'real'), ('reference', 'text'), ('notes', 'text'),
        ('order', FK('order_purchaseorder')), ('part', FK('company_supplierpart')),
        ('received', 'real'), ('purchase_price_currency', 'text'), ('purchase_price', 'real'),
        ('destination', FK('stock_stocklocation'))]),
    ('order_purchaseorderextraline', 'order.purchaseorderextraline', [
        ('quantity', 'real'), ('reference', 'text'), ('notes', 'text'),
        ('price_currency', 'text'), ('price', 'real'), ('order', FK('order_purchaseorder'))]),
    ('order_salesorder', 'order.salesorder', [
        ('reference_int', 'int'), ('total_price_currency', 'text'), ('total_price', 'real'),
        ('description', 'text'), ('target_date', 'date'), ('creation_date', 'date'),
        ('created_by', U), ('responsible', FK('users_owner')), ('reference', 'text'),
        ('customer', FK('company_company')), ('status', 'int'), ('shipment_date', 'date'),
        ('shipped_by', U)]),
    ('order_salesorderlineitem', 'order.salesorderlineitem', [
        ('quantity', 'real'), ('notes', 'text'), ('target_date', 'date'),
        ('order', FK('order_salesorder')), ('part', FK('part_part')),
        ('sale_price_currency', 'text'), ('sale_price', 'real'), ('shipped', 'real')]),
    ('order_salesorderextraline', 'order.salesorderextraline', [
        ('quantity', 'real'), ('reference', 'text'), ('price_currency', 'text'),
        ('price', 'real'), ('order', FK('order_salesorder'))]),
    ('order_salesordershipment', 'order.salesordershipment', [
        ('order', FK('order_salesorder')), ('shipment_date', 'date'), ('reference', 'text'),
        ('tracking_number', 'text'), ('invoice_number', 'text')]),
    ('build_build', 'build.build', [
        ('reference_int', 'int'), ('reference', 'text'), ('title', 'text'),
        ('parent', FK('build_build')), ('part', FK('part_part')),
        ('sales_order', FK('order_salesorder')), ('take_from', FK('stock_stocklocation')),
        ('destination', FK('stock_stocklocation')), ('quantity', 'int'), ('completed', 'int'),
        ('status', 'int'), ('creation_date', 'date'), ('target_date', 'date'),
        ('completion_date', 'date'), ('completed_by', U), ('issued_by', U),
        ('responsible', FK('users_owner')), ('priority', 'int'),
        ('lft', 'int'), ('rght', 'int'), ('tree_id', 'int'), ('level', 'int')]),
    ('build_buildline', 'build.buildline', [
        ('build', FK('build_build')), ('bom_item', FK('part_bomitem')), ('quantity', 'real')]),
    ('stock_stockitem', 'stock.stockitem', [
        ('updated', 'dt'), ('parent', FK('stock_stockitem')), ('part', FK('part_part')),
        ('supplier_part', FK('company_supplierpart')), ('location', FK('stock_stocklocation')),
        ('packaging', 'text'), ('belongs_to', FK('stock_stockitem')),
        ('customer', FK('company_company')), ('serial', 'text'), ('serial_int', 'int'),
        ('batch', 'text'), ('quantity', 'real'), ('build', FK('build_build')),
        ('is_building', 'bool'), ('purchase_order', FK('order_purchaseorder')),
        ('sales_order', FK('order_salesorder')), ('review_needed', 'bool'),
        ('delete_on_deplete', 'bool'), ('status', 'int'),
        ('purchase_price_currency', 'text'), ('purchase_price', 'real'),
        ('lft', 'int'), ('rght', 'int'), ('tree_id', 'int'), ('level', 'int')]),
    ('stock_stockitemtracking', 'stock.stockitemtracking', [
        ('tracking_type', 'int'), ('item', FK('stock_stockitem')), ('date', 'dt'),
        ('notes', 'text'), ('user', U), ('deltas', 'json')]),
    ('stock_stockitemtestresult', 'stock.stockitemtestresult', [
        ('stock_item', FK('stock_stockitem')), ('template', FK('part_parttesttemplate')),
        ('result', 'bool'), ('value', 'text'), ('notes', 'text'), ('started_datetime', 'dt'),
        ('finished_datetime', 'dt'), ('user', U), ('date', 'dt')]),
    ('part_partstocktake', 'part.partstocktake', [
        ('part', FK('part_part')), ('item_count', 'int'), ('quantity', 'real'),
        ('date', 'date'), ('note', 'text'), ('user', U), ('cost_min_currency', 'text'),
        ('cost_min', 'real'), ('cost_max_currency', 'text'), ('cost_max', 'real')]),
    ('build_builditem', 'build.builditem', [
        ('build_line', FK('build_buildline')), ('stock_item', FK('stock_stockitem')),
        ('quantity', 'real'), ('install_into', FK('stock_stockitem'))]),
    ('order_salesorderallocation', 'order.salesorderallocation', [
        ('line', FK('order_salesorderlineitem')), ('shipment', FK('order_salesordershipment')),
        ('item', FK('stock_stockitem')), ('quantity', 'real')]),
    ('order_returnorder', 'order.returnorder', [
        ('reference_int', 'int'), ('total_price_currency', 'text'), ('total_price', 'real'),
        ('description', 'text'), ('target_date', 'date'), ('creation_date', 'date'),
        ('created_by', U), ('responsible', FK('users_owner')),
        ('contact', FK('company_contact')), ('reference', 'text'),
        ('customer', FK('company_company')), ('status', 'int'),
        ('customer_reference', 'text'), ('issue_date', 'date'), ('complete_date', 'date')]),
    ('order_returnorderlineitem', 'order.returnorderlineitem', [
        ('quantity', 'real'), ('notes', 'text'), ('target_date', 'date'),
        ('order', FK('order_returnorder')), ('item', FK('stock_stockitem')),
        ('received_date', 'date'), ('outcome', 'int'), ('price_currency', 'text')]),
    ('order_returnorderextraline', 'order.returnorderextraline', [
        ('quantity', 'real'), ('reference', 'text'), ('notes', 'text'),
        ('price_currency', 'text'), ('price', 'real'), ('order', FK('order_returnorder'))]),
]

SQLTYPE = {'int': 'INTEGER', 'real': 'REAL', 'text': 'TEXT', 'bool': 'INTEGER',
           'date': 'TEXT', 'dt': 'TEXT', 'json': 'TEXT'}


def q(name):
    return '"' + name + '"'


def colname(field, kind):
    return field + '_id' if isinstance(kind, tuple) else field


def dt(v):
    # '2022-11-12T01:53:16.495Z' -> '2022-11-12 01:53:16.495000'; '...T00:00:00Z' -> '... 00:00:00'
    assert v.endswith('Z') and v[10] == 'T', v
    v = v[:-1].replace('T', ' ')
    if '.' in v:
        head, frac = v.split('.')
        v = head + '.' + (frac + '000000')[:6]
    return v


def main(gitdir, out):
    raw = subprocess.run(['git', '-C', gitdir, 'show', COMMIT + ':' + PATH],
                         check=True, stdout=subprocess.PIPE).stdout
    objs = json.loads(raw.decode('utf-8'))
    by = {}
    for o in objs:
        by.setdefault(o['model'], {})[o['pk']] = o['fields']

    users = {f['username']: pk for pk, f in by['auth.user'].items()}
    ctypes = sorted({tuple(f['owner_type']) for f in by['users.owner'].values()})
    ctype_id = {ct: i + 1 for i, ct in enumerate(ctypes)}
    groups = {f['name']: pk for pk, f in by['auth.group'].items()}

    def convert(v, kind):
        if v is None:
            return None
        if kind == 'pk' or kind == 'int':
            return int(v)
        if kind == 'real':
            return float(v)
        if kind == 'bool':
            return 1 if v else 0
        if kind == 'dt':
            return dt(v)
        if kind == 'json':
            return json.dumps(v)
        if kind == 'date' or kind == 'text':
            assert isinstance(v, str), v
            return v
        if kind == U:
            assert isinstance(v, list) and len(v) == 1, v
            return users[v[0]]
        if kind == FK('django_content_type'):
            return ctype_id[tuple(v)]
        if isinstance(kind, tuple) and kind[0] == 'fk':
            return int(v)
        raise ValueError(kind)

    if os.path.exists(out):
        os.remove(out)
    db = sqlite3.connect(out)
    counts = {}
    for table, model, cols in TABLES:
        if table == 'django_content_type':
            db.execute('CREATE TABLE "django_content_type" ("id" INTEGER NOT NULL PRIMARY KEY, '
                       '"app_label" TEXT NOT NULL, "model" TEXT NOT NULL)')
            db.executemany('INSERT INTO "django_content_type" VALUES (?,?,?)',
                           [(ctype_id[ct], ct[0], ct[1]) for ct in ctypes])
            counts[table] = len(ctypes)
            continue
        if table == 'auth_user_groups':
            db.execute('CREATE TABLE "auth_user_groups" ("id" INTEGER NOT NULL PRIMARY KEY, '
                       '"user_id" INTEGER NOT NULL REFERENCES "auth_user" ("id"), '
                       '"group_id" INTEGER NOT NULL REFERENCES "auth_group" ("id"))')
            rows = []
            for upk in sorted(by['auth.user']):
                for g in by['auth.user'][upk]['groups']:
                    rows.append((upk, groups[g[0]]))
            db.executemany('INSERT INTO "auth_user_groups" VALUES (?,?,?)',
                           [(i + 1,) + r for i, r in enumerate(rows)])
            counts[table] = len(rows)
            continue
        defs = ['"id" INTEGER NOT NULL PRIMARY KEY']
        for field, kind in cols:
            if kind == U:
                defs.append('%s INTEGER REFERENCES "auth_user" ("id")' % q(colname(field, kind)))
            elif isinstance(kind, tuple):
                defs.append('%s INTEGER REFERENCES %s ("id")' % (q(colname(field, kind)), q(kind[1])))
            else:
                defs.append('%s %s' % (q(field), SQLTYPE[kind]))
        db.execute('CREATE TABLE %s (%s)' % (q(table), ', '.join(defs)))
        src = by[model]
        fields = list(next(iter(src.values())).keys())
        kept = [f for f, _ in cols]
        assert all(f in fields for f in kept), (table, set(kept) - set(fields))
        rows = []
        for pk in sorted(src):
            f = src[pk]
            rows.append([int(pk)] + [convert(f.get(c), k) for c, k in cols])
        db.executemany('INSERT INTO %s VALUES (%s)' % (q(table), ','.join('?' * (len(cols) + 1))),
                       rows)
        counts[table] = len(rows)
    db.commit()
    bad = db.execute('PRAGMA foreign_key_check').fetchall()
    if bad:
        raise SystemExit('dangling foreign keys: %r' % bad[:10])
    db.execute('VACUUM')
    db.close()
    for t in sorted(counts):
        print('%-32s %6d' % (t, counts[t]))
    print('total', sum(counts.values()))


if __name__ == '__main__':
    main(sys.argv[1], sys.argv[2])
