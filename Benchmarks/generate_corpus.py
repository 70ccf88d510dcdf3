#!/usr/bin/env python3
"""Generate a deterministic, realistic-looking Expo / React Native app corpus for benchmarks.

Most files are ordinary UI and business code (components with JSX, hooks, services, redux slices,
utilities, types, tests, generated GraphQL types, translation tables, icon sets). About 1% of the
files do notification-permission work, in the variants granted-lint's rules describe: some with the
traps (planted findings), some correct (provisional-aware, Android-only, new handler fields) and some
lookalikes of other libraries (expo-media-library, expo-location, Firebase messaging).

Sizes: whole blocks are added until a log-normal target is reached, so ordinary files come out at
about 1-20 KB (median ~2.9 KB); 0.5% of the files (--huge-rate) are 200-260 KB generated files
(GraphQL types, translation tables, icon sets). 10,000 files make ~41 MB (mean ~4.1 KiB).
One permission file is a shared permission service (src/shared/notifications/permissionService.ts)
that the cross-file variants import, as apps do.

Every planted finding is listed in OUT/EXPECTED.json as {file, line, rule}, so a harness can count
the true findings of each tool. Everything is derived from --seed: the same arguments always give
byte-identical output.

    python3 generate_corpus.py --files 10000 --out corpus/10k [--seed 42] [--parse-heavy]

--parse-heavy makes every file import expo-notifications, so that every file must be parsed (no
prefilter can skip any); it is the corpus to compare against the tree-sitter parse floor.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import random
import shutil
import sys
from pathlib import Path

PBC = "provisional-blind-check"
MAP = "missing-allow-provisional"
BIPR = "badge-in-provisional-request"
DSSA = "deprecated-should-show-alert"
RULES = (PBC, MAP, BIPR, DSSA)

MARK = "\x00"  # a line ending in MARK + rule id plants an expected finding on that line
SERVICE_PATH = "src/shared/notifications/permissionService.ts"  # the shared helper of v_cross_file
SERVICE_IMPORT = "@@SERVICE@@"  # replaced by the relative import path of SERVICE_PATH

# ----------------------------------------------------------------------------------------------
# Vocabulary
# ----------------------------------------------------------------------------------------------

NOUNS = """user account order cart product invoice payment address review booking ticket event message
thread profile setting subscription coupon wallet transaction shipment category store vendor driver
trip ride restaurant menu dish playlist track album artist episode course lesson quiz workout meal
recipe appointment doctor clinic pet listing property favorite comment post story feed friend group
team project task note document attachment photo video report chart budget goal reminder reward level
achievement device session token contact channel member invite plan discount voucher warehouse parcel
route stop vehicle seat flight hotel room guest bill receipt expense income merchant card loan
""".split()
VERBS = """fetch load save update create delete remove toggle select format validate parse compute build
sync refresh submit resolve map filter sort group merge normalize serialize track open close share
upload download apply reset archive restore publish schedule cancel confirm approve reject assign
""".split()
ADJS = """active primary pending recent selected visible featured archived default current filtered
sorted paginated cached local remote draft shared pinned hidden expired verified popular upcoming
""".split()
FIELDS = """id name title description createdAt updatedAt status amount price quantity total currency
email phone avatarUrl imageUrl url slug rating count score position latitude longitude city country
zipCode notes label color icon type kind priority dueDate startDate endDate ownerId parentId tags
isActive isDeleted isFavorite version locale timezone duration progress balance discount
""".split()
FEATURES = """auth onboarding home feed profile settings checkout cart catalog search orders payments
wallet chat inbox bookings calendar map delivery rewards support analytics admin media social
""".split()
RN_COMPONENTS = ["View", "Text", "Pressable", "ScrollView", "FlatList", "Image", "TextInput",
                 "ActivityIndicator", "TouchableOpacity", "SectionList", "Switch", "Modal"]
STATUSES = ["idle", "loading", "succeeded", "failed"]
COLORS = ["#FFFFFF", "#111827", "#6B7280", "#2563EB", "#DC2626", "#10B981", "#F59E0B", "#F3F4F6",
          "#1F2937", "#E5E7EB", "#7C3AED", "#0EA5E9"]
WORDS = """the a your this our new all more less saved added removed available unavailable please try
again later now today tomorrow items results found loading error success welcome back continue cancel
done next previous open close settings profile account order payment delivery address review rating
""".split()


def cap(word: str) -> str:
    return word[:1].upper() + word[1:]


def camel(*words: str) -> str:
    return words[0] + "".join(cap(w) for w in words[1:])


def pascal(*words: str) -> str:
    return "".join(cap(w) for w in words)


class Gen:
    """Random code fragments; one instance per file, seeded from (seed, file index)."""

    def __init__(self, rng: random.Random):
        self.r = rng

    # --- names and literals -------------------------------------------------------------------
    def noun(self) -> str:
        return self.r.choice(NOUNS)

    def verb(self) -> str:
        return self.r.choice(VERBS)

    def adj(self) -> str:
        return self.r.choice(ADJS)

    def field(self) -> str:
        return self.r.choice(FIELDS)

    def fields(self, n: int) -> list[str]:
        return self.r.sample(FIELDS, n)

    def type_name(self) -> str:
        r = self.r.random()
        if r < 0.5:
            return pascal(self.noun())
        if r < 0.8:
            return pascal(self.adj(), self.noun())
        return pascal(self.noun(), self.r.choice(["Dto", "Response", "Payload", "Summary", "Details", "Item"]))

    def func_name(self) -> str:
        r = self.r.random()
        if r < 0.6:
            return camel(self.verb(), self.noun())
        if r < 0.85:
            return camel(self.verb(), self.adj(), self.noun() + "s")
        return camel(self.noun(), cap(self.verb()) + "er")

    def var_name(self) -> str:
        r = self.r.random()
        if r < 0.4:
            return self.noun()
        if r < 0.7:
            return camel(self.adj(), self.noun())
        if r < 0.85:
            return self.noun() + "s"
        return camel(self.noun(), self.r.choice(["Id", "Count", "Map", "List", "Index", "Key", "Ref"]))

    def sentence(self, lo: int = 2, hi: int = 7) -> str:
        words = [self.r.choice(WORDS) for _ in range(self.r.randint(lo, hi))]
        return cap(" ".join(words))

    def ts_type(self) -> str:
        return self.r.choice(["string", "number", "boolean", "string | null", "number | undefined",
                              "Date", "string[]", "Record<string, number>", self.type_name(),
                              "'" + "' | '".join(self.r.sample(STATUSES, 2)) + "'"])

    def literal(self) -> str:
        k = self.r.randint(0, 6)
        if k == 0:
            return str(self.r.randint(0, 500))
        if k == 1:
            return "'" + self.sentence(1, 3).lower() + "'"
        if k == 2:
            return self.r.choice(["true", "false"])
        if k == 3:
            return "null"
        if k == 4:
            return f"{self.r.randint(0, 99)}.{self.r.randint(0, 99)}"
        if k == 5:
            return "[]"
        return "'" + self.r.choice(STATUSES) + "'"

    # --- expressions --------------------------------------------------------------------------
    def expr(self, v: str) -> str:
        f1, f2 = self.fields(2)
        n = self.r.randint(1, 100)
        return self.r.choice([
            f"{v}.filter((item) => item.{f1} > {n}).map((item) => item.{f2})",
            f"{v}.reduce((acc, item) => acc + (item.{f1} ?? 0), 0)",
            f"Object.entries({v}).map(([key, value]) => `${{key}}=${{String(value)}}`).join('&')",
            f"`${{{v}.{f1}}} · ${{{v}.{f2} ?? '{self.sentence(1, 2).lower()}'}}`",
            f"Math.max(0, Math.round(({v}.{f1} ?? 0) * {self.r.randint(2, 9)} / {self.r.randint(10, 99)}))",
            f"new Date({v}.{f1} ?? Date.now()).toISOString()",
            f"{v}?.{f1}?.{f2} ?? {self.literal()}",
            f"[...{v}].sort((a, b) => (a.{f1} < b.{f1} ? -1 : a.{f1} > b.{f1} ? 1 : 0))",
            f"{{ ...{v}, {f1}: {self.literal()}, {f2}: {v}.{f2} ?? {self.literal()} }}",
            f"Array.isArray({v}) ? {v}.length : Object.keys({v} ?? {{}}).length",
            f"{v}.some((entry) => entry.{f1} === {self.literal()})",
            f"JSON.stringify({{ {f1}: {v}.{f1}, {f2}: {v}.{f2} }})",
        ])

    def statements(self, depth: int, count: int, vars_: list[str]) -> list[str]:
        out: list[str] = []
        ind = "  " * depth
        for _ in range(count):
            v = self.r.choice(vars_) if vars_ else "input"
            k = self.r.randint(0, 11)
            name = self.var_name()
            if k <= 2:
                out.append(f"{ind}const {name} = {self.expr(v)};")
                vars_ = vars_ + [name]
            elif k == 3 and depth < 4:
                f = self.field()
                out.append(f"{ind}if ({v}.{f} {self.r.choice(['===', '!==', '>', '<='])} {self.literal()}) {{")
                out += self.statements(depth + 1, self.r.randint(1, 2), vars_)
                if self.r.random() < 0.4:
                    out.append(f"{ind}}} else {{")
                    out += self.statements(depth + 1, 1, vars_)
                out.append(f"{ind}}}")
            elif k == 4 and depth < 4:
                out.append(f"{ind}for (const {self.noun()}Item of {v}.{self.field()} ?? []) {{")
                out += self.statements(depth + 1, self.r.randint(1, 2), vars_)
                out.append(f"{ind}}}")
            elif k == 5 and depth < 4:
                out.append(f"{ind}try {{")
                out.append(f"{ind}  const {name} = await {camel('api')}.{self.r.choice(['get', 'post', 'put'])}<{self.type_name()}>(`/{self.noun()}s/${{{v}.id}}`);")
                out += self.statements(depth + 1, 1, vars_ + [name])
                out.append(f"{ind}}} catch (error) {{")
                out.append(f"{ind}  logger.warn('{self.func_name()} failed', {{ error, {self.field()}: {v}.{self.field()} }});")
                out.append(f"{ind}}}")
            elif k == 6 and depth < 4:
                f = self.field()
                out.append(f"{ind}switch ({v}.{f}) {{")
                for s in self.r.sample(STATUSES, self.r.randint(2, 3)):
                    out.append(f"{ind}  case '{s}':")
                    out.append(f"{ind}    {self.r.choice(vars_ or ['result'])}.{self.field()} = {self.literal()};")
                    out.append(f"{ind}    break;")
                out.append(f"{ind}  default:")
                out.append(f"{ind}    break;")
                out.append(f"{ind}}}")
            elif k == 7:
                f1, f2 = self.fields(2)
                out.append(f"{ind}const {{ {f1}, {f2} = {self.literal()} }} = {v};")
                vars_ = vars_ + [f1]
            elif k == 8:
                out.append(f"{ind}logger.debug('{self.sentence(2, 5)}', {{ {self.field()}: {v}?.{self.field()} }});")
            elif k == 9:
                out.append(f"{ind}{v}.{self.field()} = {self.expr(self.r.choice(vars_ or ['input']))};")
            elif k == 10:
                out.append(f"{ind}const {name}: {self.ts_type()} = {self.literal()};")
            else:
                out.append(f"{ind}// {self.sentence(4, 10)}")
        return out

    # --- blocks (top-level declarations) --------------------------------------------------------
    def b_interface(self) -> list[str]:
        name = self.type_name()
        out = [f"export interface {name} {{"]
        for f in self.fields(self.r.randint(3, 9)):
            opt = "?" if self.r.random() < 0.3 else ""
            out.append(f"  {f}{opt}: {self.ts_type()};")
        out.append("}")
        return out

    def b_type_union(self) -> list[str]:
        name = self.type_name()
        parts = [f"{{ kind: '{self.verb()}'; {self.field()}: {self.ts_type()} }}" for _ in range(self.r.randint(2, 4))]
        return [f"export type {name}Action =", *[f"  | {p}" for p in parts[:-1]], f"  | {parts[-1]};"]

    def b_enum(self) -> list[str]:
        name = pascal(self.noun(), self.r.choice(["Status", "Kind", "Mode", "Tab", "Step"]))
        out = [f"export enum {name} {{"]
        for w in self.r.sample(ADJS, self.r.randint(3, 6)):
            out.append(f"  {cap(w)} = '{w.upper()}',")
        out.append("}")
        return out

    def b_const_map(self) -> list[str]:
        name = camel(self.noun(), self.r.choice(["Labels", "Icons", "Routes", "Defaults", "Limits"]))
        out = [f"export const {name} = {{"]
        for w in self.r.sample(NOUNS, self.r.randint(3, 8)):
            out.append(f"  {w}: {self.r.choice([repr(self.sentence(1, 4)), str(self.r.randint(1, 999))])},")
        out.append("} as const;")
        return out

    def b_function(self, asynchronous: bool | None = None) -> list[str]:
        asy = self.r.random() < 0.5 if asynchronous is None else asynchronous
        name = self.func_name()
        params = [self.var_name() for _ in range(self.r.randint(1, 3))]
        params = list(dict.fromkeys(params))
        sig = ", ".join(f"{p}: {self.ts_type()}" for p in params)
        ret = self.type_name()
        head = (f"export {'async ' if asy else ''}function {name}({sig}): "
                f"{'Promise<' + ret + '>' if asy else ret} {{")
        if self.r.random() < 0.3:
            head = f"export const {name} = {'async ' if asy else ''}({sig}) => {{"
        body = self.statements(1, self.r.randint(3, 9), params)
        body.append(f"  return {self.expr(params[0])} as unknown as {ret};")
        return [head, *body, "};" if head.startswith("export const") else "}"]

    def b_class(self) -> list[str]:
        noun = self.noun()
        name = pascal(noun, self.r.choice(["Service", "Repository", "Client", "Manager", "Store"]))
        out = [f"export class {name} {{",
               f"  private cache = new Map<string, {pascal(noun)}>();",
               f"  constructor(private readonly http: HttpClient, private readonly baseUrl = '/{noun}s') {{}}",
               ""]
        for _ in range(self.r.randint(2, 5)):
            m = camel(self.verb(), noun)
            p = self.var_name()
            out.append(f"  async {m}({p}: {self.ts_type()}): Promise<{pascal(noun)} | undefined> {{")
            out.append(f"    const key = `${{this.baseUrl}}:${{String({p})}}`;")
            out.append("    if (this.cache.has(key)) return this.cache.get(key);")
            out += self.statements(2, self.r.randint(1, 4), [p])
            out.append(f"    const response = await this.http.get<{pascal(noun)}>(`${{this.baseUrl}}/${{String({p})}}`);")
            out.append("    this.cache.set(key, response.data);")
            out.append("    return response.data;")
            out.append("  }")
            out.append("")
        out[-1] = "}"
        return out

    def b_slice(self) -> list[str]:
        noun = self.noun()
        P = pascal(noun)
        f1, f2 = self.fields(2)
        out = [
            f"export const fetch{P}s = createAsyncThunk('{noun}s/fetch', async (params: {{ page: number; {f1}?: string }}, {{ rejectWithValue }}) => {{",
            "  try {",
            f"    const response = await api.get<{P}[]>('/{noun}s', {{ params }});",
            "    return response.data;",
            "  } catch (err) {",
            "    return rejectWithValue((err as Error).message);",
            "  }",
            "});",
            "",
            f"interface {P}State {{",
            f"  items: {P}[];",
            f"  status: {' | '.join(repr(s) for s in STATUSES)};",
            "  error?: string;",
            f"  selected{P}Id: string | null;",
            "}",
            "",
            f"const initial{P}State: {P}State = {{ items: [], status: 'idle', selected{P}Id: null }};",
            "",
            f"export const {noun}Slice = createSlice({{",
            f"  name: '{noun}s',",
            f"  initialState: initial{P}State,",
            "  reducers: {",
        ]
        for v in self.r.sample(VERBS, self.r.randint(2, 5)):
            out += [
                f"    {camel(v, noun)}(state, action: PayloadAction<{self.ts_type()}>) {{",
                f"      state.{self.r.choice(['items', 'error', 'selected' + P + 'Id'])} = action.payload as never;",
                f"      state.status = '{self.r.choice(STATUSES)}';",
                "    },",
            ]
        out += [
            "  },",
            "  extraReducers: (builder) => {",
            "    builder",
            f"      .addCase(fetch{P}s.pending, (state) => {{",
            "        state.status = 'loading';",
            "      })",
            f"      .addCase(fetch{P}s.fulfilled, (state, action) => {{",
            "        state.status = 'succeeded';",
            f"        state.items = action.payload.filter((item) => item.{f2} !== undefined);",
            "      })",
            f"      .addCase(fetch{P}s.rejected, (state, action) => {{",
            "        state.status = 'failed';",
            "        state.error = String(action.payload ?? action.error.message);",
            "      });",
            "  },",
            "});",
            "",
            f"export const select{P}s = (state: RootState) => state.{noun}s.items;",
            f"export const selectVisible{P}s = createSelector([select{P}s], (items) => items.filter((item) => item.{f1}));",
        ]
        return out

    def b_hook(self) -> list[str]:
        noun = self.noun()
        P = pascal(noun)
        p = self.var_name()
        out = [
            f"export function use{pascal(self.adj())}{P}s({p}: string, options: {{ enabled?: boolean }} = {{}}) {{",
            "  const queryClient = useQueryClient();",
            "  const query = useQuery({",
            f"    queryKey: ['{noun}s', {p}],",
            f"    queryFn: () => api.get<{P}[]>(`/{noun}s?{self.field()}=${{{p}}}`).then((res) => res.data),",
            "    enabled: options.enabled ?? true,",
            f"    staleTime: {self.r.choice([30, 60, 300, 900])} * 1000,",
            "  });",
            "  const mutation = useMutation({",
            f"    mutationFn: (input: Partial<{P}>) => api.post<{P}>('/{noun}s', input),",
            f"    onSuccess: () => queryClient.invalidateQueries({{ queryKey: ['{noun}s'] }}),",
            "  });",
        ]
        out += self.statements(1, self.r.randint(0, 3), ["query.data ?? []"])
        out += [
            "  return useMemo(",
            f"    () => ({{ {noun}s: query.data ?? [], isLoading: query.isLoading, {camel('save', noun)}: mutation.mutateAsync }}),",
            "    [query.data, query.isLoading, mutation.mutateAsync],",
            "  );",
            "}",
        ]
        return out

    def b_component(self) -> list[str]:
        noun = self.noun()
        P = pascal(noun)
        name = pascal(self.adj(), noun, self.r.choice(["Card", "List", "Row", "Header", "Screen", "Section", "Item", "Panel"]))
        props = list(dict.fromkeys([noun] + [self.var_name() for _ in range(self.r.randint(1, 3))]))
        f1, f2, f3 = self.fields(3)
        state = camel(self.adj())
        out = [f"interface {name}Props {{", f"  {noun}: {P};"]
        for p in props[1:]:
            out.append(f"  {p}?: {self.ts_type()};")
        out += ["  onPress?: (id: string) => void;", "}", ""]
        out.append(f"export function {name}({{ {', '.join(props)}, onPress }}: {name}Props) {{")
        out.append(f"  const [{state}, set{cap(state)}] = useState(false);")
        out.append(f"  const [{camel(noun, 'Items')}, set{P}Items] = useState<{P}[]>([]);")
        out.append(f"  const label = useMemo(() => {self.expr(noun)}, [{noun}]);")
        if self.r.random() < 0.7:
            out += [
                "  useEffect(() => {",
                "    let cancelled = false;",
                f"    {camel('load', noun, 'Items')}({noun}.id).then((items) => {{",
                f"      if (!cancelled) set{P}Items(items);",
                "    });",
                "    return () => {",
                "      cancelled = true;",
                "    };",
                f"  }}, [{noun}.id]);",
            ]
        out += [
            "  const handlePress = useCallback(() => {",
            f"    set{cap(state)}((value) => !value);",
            f"    onPress?.({noun}.id);",
            f"  }}, [onPress, {noun}.id]);",
            "",
            "  return (",
            "    <View style={styles.container}>",
            f"      <Text style={{styles.title}} numberOfLines={{{self.r.randint(1, 3)}}}>",
            f"        {{{noun}.{f1} ?? '{self.sentence(1, 3)}'}}",
            "      </Text>",
            f"      {{{state} && <Text style={{styles.subtitle}}>{{`${{{camel(noun, 'Items')}.length}} {self.sentence(1, 2).lower()}`}}</Text>}}",
            f"      {{{camel(noun, 'Items')}.length === 0 ? (",
            f"        <Text style={{styles.empty}}>{self.sentence(3, 6)}</Text>",
            "      ) : (",
            "        <FlatList",
            f"          data={{{camel(noun, 'Items')}}}",
            "          keyExtractor={(item) => String(item.id)}",
            "          renderItem={({ item }) => (",
            "            <Pressable onPress={() => onPress?.(String(item.id))} style={styles.row}>",
            f"              <Text style={{styles.rowText}}>{{String(item.{f2} ?? '')}}</Text>",
            f"              {{item.{f3} ? <Text style={{styles.badge}}>{{String(item.{f3})}}</Text> : null}}",
            "            </Pressable>",
            "          )}",
            "        />",
            "      )}",
            f"      <Pressable accessibilityRole=\"button\" onPress={{handlePress}} style={{[styles.button, {state} && styles.buttonActive]}}>",
            f"        <Text style={{styles.buttonText}}>{{label || '{self.sentence(1, 2)}'}}</Text>",
            "      </Pressable>",
            "    </View>",
            "  );",
            "}",
        ]
        return out

    def b_styles(self) -> list[str]:
        out = ["const styles = StyleSheet.create({"]
        for key in ["container", "title", "subtitle", "empty", "row", "rowText", "badge", "button", "buttonActive", "buttonText"]:
            out.append(f"  {key}: {{")
            for prop in self.r.sample(["padding", "margin", "fontSize", "borderRadius", "gap", "paddingHorizontal", "marginTop", "flex"], self.r.randint(1, 3)):
                out.append(f"    {prop}: {self.r.randint(1, 24)},")
            if self.r.random() < 0.5:
                out.append(f"    color: '{self.r.choice(COLORS)}',")
            if self.r.random() < 0.3:
                out.append(f"    backgroundColor: '{self.r.choice(COLORS)}',")
            out.append("  },")
        out.append("});")
        return out

    def b_test(self) -> list[str]:
        fn = self.func_name()
        out = [f"describe('{fn}', () => {{"]
        for _ in range(self.r.randint(2, 5)):
            f = self.field()
            out += [
                f"  it('{self.sentence(3, 7).lower()}', async () => {{",
                f"    const input = {{ id: '{self.r.randint(1, 9999)}', {f}: {self.literal()} }};",
                f"    const result = await {fn}(input as never);",
                f"    expect(result).{self.r.choice(['toBeDefined()', 'toMatchSnapshot()', 'toEqual(expect.anything())'])};",
                f"    expect(api.get).toHaveBeenCalledTimes({self.r.randint(0, 3)});",
                "  });",
            ]
        out.append("});")
        return out

    def b_location_lookalike(self) -> list[str]:
        # Ordinary permission code of other expo modules (not notifications): no finding.
        name = camel("ensure", self.r.choice(["location", "camera", "contacts"]), "Access")
        mod = {"location": ("Location", "requestForegroundPermissionsAsync"),
               "camera": ("Camera", "requestCameraPermissionsAsync"),
               "contacts": ("Contacts", "requestPermissionsAsync")}
        key = self.r.choice(list(mod))
        ns, fn = mod[key]
        return [
            f"export async function {name}(): Promise<boolean> {{",
            f"  const {{ status }} = await {ns}.{fn}();",
            "  if (status !== 'granted') {",
            f"    logger.info('{key} permission not granted');",
            "    return false;",
            "  }",
            "  return true;",
            "}",
        ]

    # --- huge, generated-looking files ------------------------------------------------------------
    def b_graphql(self) -> list[str]:
        P = self.type_name()
        out = [f"export type {P} = {{", f"  __typename?: '{P}';", "  id: Scalars['ID']['output'];"]
        for f in self.fields(self.r.randint(4, 10)):
            out.append(f"  {f}?: Maybe<Scalars['{self.r.choice(['String', 'Int', 'Float', 'Boolean', 'DateTime'])}']['output']>;")
        out += ["};", "",
                f"export type {P}QueryVariables = Exact<{{", "  id: Scalars['ID']['input'];", "}>;", "",
                f"export const {P}FragmentDoc = gql`",
                f"  fragment {P} on {P} {{", "    id"]
        out += [f"    {f}" for f in self.fields(self.r.randint(2, 6))]
        out += ["  }", "`;", "",
                f"export function use{P}Query(baseOptions: Apollo.QueryHookOptions<{P}Query, {P}QueryVariables>) {{",
                "  const options = { ...defaultOptions, ...baseOptions };",
                f"  return Apollo.useQuery<{P}Query, {P}QueryVariables>({P}Document, options);",
                "}"]
        return out

    def b_i18n(self) -> list[str]:
        out = [f"  {self.noun()}{cap(self.adj())}: {{"]
        for _ in range(self.r.randint(4, 12)):
            out.append(f"    {camel(self.verb(), self.noun())}: '{self.sentence(2, 9)}',")
        out.append("  },")
        return out

    def b_icon(self) -> list[str]:
        name = pascal(self.adj(), self.noun(), "Icon")
        d = " ".join(f"{self.r.choice('MLCQ')}{self.r.randint(0, 24)}.{self.r.randint(0, 99)} {self.r.randint(0, 24)}.{self.r.randint(0, 99)}"
                     for _ in range(self.r.randint(6, 20)))
        return [f"export const {name} = ({{ size = 24, color = '{self.r.choice(COLORS)}', ...props }}: IconProps) => (",
                "  <Svg width={size} height={size} viewBox=\"0 0 24 24\" fill=\"none\" {...props}>",
                f"    <Path d=\"{d}Z\" stroke={{color}} strokeWidth={{{self.r.choice([1, 1.5, 2])}}} strokeLinecap=\"round\" />",
                "  </Svg>",
                ");"]


# ----------------------------------------------------------------------------------------------
# Ordinary files
# ----------------------------------------------------------------------------------------------

KINDS = [  # (kind, extension, weight)
    ("component", ".tsx", 30), ("screen", ".tsx", 10), ("hook", ".ts", 10), ("service", ".ts", 10),
    ("slice", ".ts", 7), ("util", ".ts", 14), ("types", ".ts", 8), ("test", ".tsx", 7), ("constants", ".ts", 4),
]
HUGE_KINDS = [("graphql", ".ts"), ("i18n", ".ts"), ("icons", ".tsx")]
DIRS = {"component": "components", "screen": "screens", "hook": "hooks", "service": "services", "slice": "store",
        "util": "utils", "types": "types", "test": "__tests__", "constants": "constants"}


def imports_for(kind: str, g: Gen) -> list[str]:
    r = g.r
    out: list[str] = []
    if kind in ("component", "screen", "test", "icons"):
        hooks = ", ".join(sorted(r.sample(["useCallback", "useEffect", "useMemo", "useRef", "useState"], 3) + ["useCallback", "useEffect", "useMemo", "useState"]))
        hooks = ", ".join(sorted(set(hooks.split(", "))))
        out.append(f"import React, {{ {hooks} }} from 'react';")
        comps = sorted(set(r.sample(RN_COMPONENTS, 3) + ["FlatList", "Pressable", "StyleSheet", "Text", "View"]))
        out.append(f"import {{ {', '.join(comps)} }} from 'react-native';")
    if kind == "icons":
        out.append("import Svg, { Path, type SvgProps } from 'react-native-svg';")
        out.append("type IconProps = SvgProps & { size?: number; color?: string };")
        return out
    if kind == "graphql":
        return ["import { gql } from '@apollo/client';", "import * as Apollo from '@apollo/client';",
                "export type Maybe<T> = T | null;",
                "export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };",
                "const defaultOptions = {} as const;"]
    if kind == "i18n":
        return []
    if kind == "screen":
        out.append("import { useNavigation, useRoute } from '@react-navigation/native';")
        out.append("import { SafeAreaView } from 'react-native-safe-area-context';")
    if kind in ("hook",):
        out.append("import { useMemo } from 'react';")
        out.append("import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';")
    if kind == "slice":
        out.append("import { createAsyncThunk, createSelector, createSlice, type PayloadAction } from '@reduxjs/toolkit';")
        out.append("import type { RootState } from '../../../store';")
    if kind == "test":
        out.append("import { render, fireEvent } from '@testing-library/react-native';")
    if kind in ("service", "util", "hook", "slice", "component", "screen", "test"):
        out.append("import { api } from '@/shared/api';")
        out.append("import { logger } from '@/shared/logger';")
    if kind == "service":
        out.append("import type { HttpClient } from '@/shared/http';")
    for _ in range(r.randint(0, 4)):
        t = g.type_name()
        out.append(f"import type {{ {t} }} from '../types/{t[:1].lower() + t[1:]}';")
    return list(dict.fromkeys(out))


def ordinary_blocks(kind: str, g: Gen):
    r = g.r
    if kind in ("component", "screen"):
        return lambda first: g.b_component() if first or r.random() < 0.5 else r.choice([g.b_function, g.b_interface, g.b_const_map])()
    if kind == "hook":
        return lambda first: g.b_hook() if first or r.random() < 0.6 else g.b_function()
    if kind == "service":
        return lambda first: g.b_class() if first or r.random() < 0.4 else g.b_function(True)
    if kind == "slice":
        return lambda first: g.b_slice() if first else r.choice([g.b_function, g.b_interface])()
    if kind == "util":
        return lambda first: r.choice([g.b_function, g.b_function, g.b_function, g.b_const_map, g.b_interface])()
    if kind == "types":
        return lambda first: r.choice([g.b_interface, g.b_interface, g.b_type_union, g.b_enum])()
    if kind == "test":
        return lambda first: g.b_test()
    if kind == "constants":
        return lambda first: r.choice([g.b_const_map, g.b_enum])()
    if kind == "graphql":
        return lambda first: g.b_graphql()
    if kind == "icons":
        return lambda first: g.b_icon()
    raise ValueError(kind)


def fill_blocks(lines: list[str], size: int, kind: str, g: Gen, min_blocks: int = 1) -> None:
    """Append blocks of `kind` until the text reaches about `size` bytes."""
    total = sum(len(l) + 1 for l in lines)
    make = ordinary_blocks(kind, g)
    n = 0
    while total < size or n < min_blocks:
        block = make(n == 0)
        lines.append("")
        lines.extend(block)
        total += 1 + sum(len(l) + 1 for l in block)
        n += 1


def ordinary_file(kind: str, size: int, g: Gen) -> list[str]:
    lines = imports_for(kind, g)
    if kind == "i18n":
        lines.append(f"export const {g.r.choice(['en', 'de', 'fr', 'es', 'pt', 'it', 'nl', 'ja'])} = {{")
        total = sum(len(l) + 1 for l in lines)
        while total < size:
            block = g.b_i18n()
            lines.extend(block)
            total += sum(len(l) + 1 for l in block)
        lines.append("};")
        return lines
    if kind in ("component", "screen", "util", "service") and g.r.random() < 0.004:
        # Other modules' permission code: looks like the trap, but is not notifications.
        mod = g.r.choice(["import * as Location from 'expo-location';", "import { Camera } from 'expo-camera';",
                          "import * as Contacts from 'expo-contacts';"])
        lines.insert(0, mod)
        lines.append("")
        lines.extend(g.b_location_lookalike())
    fill_blocks(lines, size, kind, g)
    if kind in ("component", "screen"):
        lines.append("")
        lines.extend(g.b_styles())
    return lines


# ----------------------------------------------------------------------------------------------
# Notification-permission files (the variants of the rules)
# ----------------------------------------------------------------------------------------------

def E(rule: str) -> str:
    return MARK + rule


def alias(g: Gen) -> str:
    return g.r.choice(["Notifications", "Notifications", "Notifications", "N", "ExpoNotifications"])


def ns_import(a: str) -> str:
    return f"import * as {a} from 'expo-notifications';"


def v_setup_guide(g: Gen):
    a = alias(g)
    existing, final = g.r.choice([("existingStatus", "finalStatus"), ("currentStatus", "resultStatus"), ("existing", "status2")])
    fn = g.r.choice(["registerForPushNotificationsAsync", "registerPush", "getPushTokenAsync", "setupPushNotifications"])
    opts = g.r.choice(["", "", "{ ios: { allowAlert: true, allowBadge: true, allowSound: true } }"])
    body = [
        f"export async function {fn}(): Promise<string | undefined> {{",
        "  if (Platform.OS === 'android') {",
        f"    await {a}.setNotificationChannelAsync('default', {{",
        "      name: 'default',",
        f"      importance: {a}.AndroidImportance.MAX,",
        "      vibrationPattern: [0, 250, 250, 250],",
        "    });",
        "  }",
        "  if (!Device.isDevice) {",
        "    logger.warn('Must use a physical device for push notifications');",
        "    return undefined;",
        "  }",
        f"  const {{ status: {existing} }} = await {a}.getPermissionsAsync();",
        f"  let {final} = {existing};",
        f"  if ({existing} !== 'granted') {{" + E(PBC),
        f"    const {{ status }} = await {a}.requestPermissionsAsync({opts});" + E(MAP),
        f"    {final} = status;",
        "  }",
        f"  if ({final} !== 'granted') {{" + E(PBC),
        "    logger.warn('Failed to get push token for push notification!');",
        "    return undefined;",
        "  }",
        "  const projectId = Constants?.expoConfig?.extra?.eas?.projectId ?? Constants?.easConfig?.projectId;",
        f"  const token = (await {a}.getExpoPushTokenAsync({{ projectId }})).data;",
        "  return token;",
        "}",
    ]
    imports = [ns_import(a), "import * as Device from 'expo-device';", "import Constants from 'expo-constants';",
               "import { Platform } from 'react-native';"]
    return imports, body, ".ts"


def v_helper_granted(g: Gen):
    a = alias(g)
    fn = g.r.choice(["canNotify", "hasNotificationPermission", "isPushEnabled", "notificationsAllowed"])
    if g.r.random() < 0.5:
        body = [f"export async function {fn}(): Promise<boolean> {{",
                f"  return (await {a}.getPermissionsAsync()).granted;" + E(PBC),
                "}"]
    else:
        s = g.r.choice(["settings", "permissions", "current"])
        body = [f"export const {fn} = async () => {{",
                f"  const {s} = await {a}.getPermissionsAsync();",
                f"  return {s}.granted;" + E(PBC),
                "};"]
    return [ns_import(a)], body, ".ts"


def v_use_permissions(g: Gen):
    a = alias(g)
    name = g.r.choice(["NotificationGate", "PushPermissionBanner", "EnableNotificationsCard", "NotificationsSettingsRow"])
    perm = g.r.choice(["permission", "permissionResponse", "notificationPermission"])
    body = [
        f"export function {name}({{ children }}: {{ children: React.ReactNode }}) {{",
        f"  const [{perm}, requestPermission] = {a}.usePermissions();",
        f"  if ({perm}?.status !== 'granted') {{" + E(PBC),
        "    return (",
        "      <View style={{ padding: 16 }}>",
        "        <Text>Turn on notifications to hear about your orders.</Text>",
        "        <Button title=\"Enable\" onPress={requestPermission} />",
        "      </View>",
        "    );",
        "  }",
        "  return <>{children}</>;",
        "}",
    ]
    return [ns_import(a), "import React from 'react';", "import { Button, Text, View } from 'react-native';"], body, ".tsx"


def v_saga(g: Gen):
    a = alias(g)
    quiet = g.r.random() < 0.3
    saga = g.r.choice(['checkPushPermission', 'notificationPermissionSaga', 'ensurePushPermission'])
    body = [
        f"export function* {saga}() {{",
        f"  const {{ status }} = yield call({a}.getPermissionsAsync);",
        "  if (status !== 'granted') {" + E(PBC),
    ]
    if quiet:
        body.append(f"    const result = yield call({a}.requestPermissionsAsync, {{ ios: {{ allowProvisional: true }} }});")
    else:
        body.append(f"    const result = yield call({a}.requestPermissionsAsync);" + E(MAP))
    body += [
        "    yield put(permissionChanged(result.status));",
        "    return;",
        "  }",
        "  yield put(permissionChanged(status));",
        "}",
        "",
        "export function* watchPermissions() {",
        f"  yield takeLatest('app/started', {saga});",
        "}",
    ]
    return [ns_import(a), "import { call, put, takeLatest } from 'redux-saga/effects';",
            "import { permissionChanged } from './notificationSlice';"], body, ".ts"


def v_handler_alert(g: Gen):
    if g.r.random() < 0.3:
        imports = ["import { setNotificationHandler } from 'expo-notifications';"]
        head = "setNotificationHandler({"
    else:
        a = alias(g)
        imports = [ns_import(a)]
        head = f"{a}.setNotificationHandler({{"
    body = [
        head,
        "  handleNotification: async () => ({",
        f"    shouldShowAlert: {g.r.choice(['true', 'true', 'false'])}," + E(DSSA),
        f"    shouldPlaySound: {g.r.choice(['true', 'false'])},",
        f"    shouldSetBadge: {g.r.choice(['true', 'false'])},",
        "  }),",
        "});",
    ]
    return imports, body, ".ts"


def v_handler_new(g: Gen):
    a = alias(g)
    body = [
        f"{a}.setNotificationHandler({{",
        "  handleNotification: async () => ({",
        "    shouldShowBanner: true,",
        "    shouldShowList: true,",
        "    shouldPlaySound: false,",
        "    shouldSetBadge: false,",
        "  }),",
        "});",
    ]
    return [ns_import(a)], body, ".ts"


def v_badge_provisional(g: Gen):
    a = alias(g)
    body = [
        f"export async function {g.r.choice(['requestQuietPermission', 'askProvisionally', 'requestPushQuietly'])}() {{",
        f"  return {a}.requestPermissionsAsync({{",
        "    ios: {",
        "      allowAlert: true,",
        "      allowBadge: true," + E(BIPR),
        "      allowSound: true,",
        "      allowProvisional: true,",
        "    },",
        "  });",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_aware(g: Gen):
    a = alias(g)
    s = g.r.choice(["settings", "permissions", "response"])
    body = [
        f"export async function {g.r.choice(['isDeliverable', 'canReceivePush', 'notificationsEnabled'])}(): Promise<boolean> {{",
        f"  const {s} = await {a}.getPermissionsAsync();",
        f"  return (",
        f"    {s}.granted ||",
        f"    {s}.ios?.status === {a}.IosAuthorizationStatus.PROVISIONAL ||",
        f"    {s}.ios?.status === {a}.IosAuthorizationStatus.EPHEMERAL",
        "  );",
        "}",
        "",
        f"export const askQuietly = () => {a}.requestPermissionsAsync({{ ios: {{ allowAlert: true, allowProvisional: true }} }});",
        f"export const askFully = () => {a}.requestPermissionsAsync({{ ios: {{ allowAlert: true, allowSound: true, allowProvisional: false }} }});",
    ]
    return [ns_import(a)], body, ".ts"


def v_media_lookalike(g: Gen):
    imports = ["import * as MediaLibrary from 'expo-media-library';"]
    if g.r.random() < 0.5:
        imports.append(ns_import(alias(g)))
    body = [
        f"export async function {g.r.choice(['canSaveToGallery', 'ensureMediaAccess', 'requestGalleryAccess'])}(): Promise<boolean> {{",
        "  const { status } = await MediaLibrary.getPermissionsAsync();",
        "  if (status === 'granted') return true;",
        "  const response = await MediaLibrary.requestPermissionsAsync();",
        "  return response.status === 'granted';",
        "}",
    ]
    return imports, body, ".ts"


def v_firebase_lookalike(g: Gen):
    body = [
        "export async function requestUserPermission(): Promise<boolean> {",
        "  const authStatus = await messaging().requestPermission({ provisional: true });",
        "  return (",
        "    authStatus === messaging.AuthorizationStatus.AUTHORIZED ||",
        "    authStatus === messaging.AuthorizationStatus.PROVISIONAL",
        "  );",
        "}",
    ]
    return ["import messaging from '@react-native-firebase/messaging';"], body, ".ts"


def v_enum_alias(g: Gen):
    body = [
        "export const isEnabled = async () => {",
        "  const settings = await readPermissions();",
        "  return settings.status === PermissionStatus.GRANTED;" + E(PBC),
        "};",
    ]
    return ["import { getPermissionsAsync as readPermissions, PermissionStatus } from 'expo-notifications';"], body, ".ts"


def v_then_setter(g: Gen):
    a = alias(g)
    name = g.r.choice(["useCanNotify", "useNotificationsEnabled", "usePushAllowed"])
    body = [
        f"export function {name}() {{",
        "  const [enabled, setEnabled] = useState(false);",
        "  useEffect(() => {",
        f"    {a}.getPermissionsAsync().then(({{ granted }}) => setEnabled(granted));" + E(PBC),
        "  }, []);",
        "  return enabled;",
        "}",
    ]
    return [ns_import(a), "import { useEffect, useState } from 'react';"], body, ".tsx"


def v_android_only(g: Gen):
    a = alias(g)
    body = [
        "export async function androidNotificationsEnabled(): Promise<boolean> {",
        "  if (Platform.OS === 'android') {",
        f"    const {{ granted }} = await {a}.getPermissionsAsync();",
        "    return granted;",
        "  }",
        "  return false;",
        "}",
    ]
    return [ns_import(a), "import { Platform } from 'react-native';"], body, ".ts"


def v_denied(g: Gen):
    a = alias(g)
    body = [
        "export async function wasDenied(): Promise<boolean> {",
        f"  const {{ status }} = await {a}.getPermissionsAsync();",
        "  return status === 'denied';",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_request_alert_only(g: Gen):
    a = alias(g)
    body = [
        f"export async function {g.r.choice(['onboardNotifications', 'askForPush', 'promptNotifications'])}() {{",
        f"  await {a}.requestPermissionsAsync({{ ios: {{ allowAlert: true, allowSound: true }} }});" + E(MAP),
        "  analytics.track('notifications_prompted');",
        "}",
    ]
    return [ns_import(a), "import { analytics } from '@/shared/analytics';"], body, ".ts"


def v_upgrade_flow(g: Gen):
    a = alias(g)
    body = [
        "export async function upgradeFromProvisional() {",
        f"  const settings = await {a}.getPermissionsAsync();",
        f"  if (settings.ios?.status === {a}.IosAuthorizationStatus.PROVISIONAL) {{",
        f"    await {a}.requestPermissionsAsync();",
        "  }",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_schedule_only(g: Gen):
    a = alias(g)
    body = [
        "export async function scheduleReminder(title: string, seconds: number) {",
        f"  return {a}.scheduleNotificationAsync({{",
        "    content: { title, body: 'Tap to open the app', data: { source: 'reminder' } },",
        f"    trigger: {{ type: {a}.SchedulableTriggerInputTypes.TIME_INTERVAL, seconds }},",
        "  });",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_require_negated(g: Gen):
    body = [
        "async function ensurePushPermission() {",
        "  const { granted } = await Notifications.getPermissionsAsync();",
        "  if (!granted) {" + E(PBC),
        "    await Notifications.requestPermissionsAsync({ ios: { allowProvisional: false } });",
        "  }",
        "}",
        "module.exports = { ensurePushPermission };",
    ]
    return ["const Notifications = require('expo-notifications');"], body, ".ts"


def v_local_helper(g: Gen):
    a = alias(g)
    helper = g.r.choice(["readPermission", "fetchNotificationSettings", "loadPushPermission"])
    body = [
        f"async function {helper}() {{",
        f"  return {a}.getPermissionsAsync();",
        "}",
        "",
        f"export async function {g.r.choice(['canNotify', 'shouldSendReminders', 'isPushReady'])}(): Promise<boolean> {{",
        f"  const {{ status }} = await {helper}();",
        "  return status === 'granted';" + E(PBC),
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_switch_status(g: Gen):
    # A switch that decides (returns whether to register); a switch that only maps each status to a
    # label to show is display-only and no finding (issue "Analysis, round 2").
    a = alias(g)
    body = [
        "export async function shouldRegisterForPush(): Promise<boolean> {",
        f"  const {{ status }} = await {a}.getPermissionsAsync();",
        "  switch (status) {",
        "    case 'granted':" + E(PBC),
        "      return true;",
        "    case 'denied':",
        "      return false;",
        "    default:",
        "      return false;",
        "  }",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_react_query(g: Gen):
    a = alias(g)
    body = [
        f"export function {g.r.choice(['useNotificationPermission', 'usePushPermissionQuery'])}() {{",
        "  const query = useQuery({",
        "    queryKey: ['notification-permission'],",
        "    queryFn: async () => {",
        f"      const response = await {a}.getPermissionsAsync();",
        "      return response;",
        "    },",
        "  });",
        "  return query.data?.status === 'granted';" + E(PBC),
        "}",
    ]
    return [ns_import(a), "import { useQuery } from '@tanstack/react-query';"], body, ".ts"


def v_state_response(g: Gen):
    body = [
        f"export function {g.r.choice(['useCanNotify', 'useNotificationSettings'])}() {{",
        "  const [permissions, setPermissions] = useState<NotificationPermissionsStatus | null>(null);",
        "  useEffect(() => {",
        "    (async () => {",
        "      const result = await getPermissionsAsync();",
        "      setPermissions(result);",
        "    })();",
        "  }, []);",
        "  return permissions?.granted ?? false;" + E(PBC),
        "}",
    ]
    return ["import { useEffect, useState } from 'react';",
            "import { getPermissionsAsync, NotificationPermissionsStatus } from 'expo-notifications';"], body, ".tsx"


def v_service_class(g: Gen):
    a = alias(g)
    name = g.r.choice(["PushManager", "NotificationService", "PushRegistry"])
    body = [
        f"export class {name} {{",
        "  private getPermission() {",
        f"    return {a}.getPermissionsAsync();",
        "  }",
        "",
        "  async isEnabled(): Promise<boolean> {",
        "    const permission = await this.getPermission();",
        "    return permission.status === 'granted';" + E(PBC),
        "  }",
        "",
        "  async register(projectId: string) {",
        "    if (!(await this.isEnabled())) return null;",
        f"    return (await {a}.getExpoPushTokenAsync({{ projectId }})).data;",
        "  }",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_deny_list(g: Gen):
    a = alias(g)
    body = [
        f"const {{ IosAuthorizationStatus: S }} = {a};",
        "",
        "export async function canDeliver(): Promise<boolean> {",
        f"  const {{ granted, ios }} = await {a}.getPermissionsAsync();",
        "  if (granted) return true;",
        "  return ios != null && ios.status !== S.DENIED && ios.status !== S.NOT_DETERMINED;",
        "}",
    ]
    return [ns_import(a)], body, ".ts"


def v_cross_file(g: Gen):
    # The response comes from a helper in another file of the project (the shared permission
    # service, see SERVICE_PATH): only a cross-file analysis connects the two.
    name = g.r.choice(["shouldAskForPush", "needsPushPrompt", "pushIsOff"])
    if g.r.random() < 0.5:
        imports = [f"import {{ getNotificationPermission }} from '{SERVICE_IMPORT}';"]
        body = [
            f"export async function {name}(): Promise<boolean> {{",
            "  const { status } = await getNotificationPermission();",
            "  return status !== 'granted';" + E(PBC),
            "}",
        ]
    else:
        imports = [f"import {{ notificationPermissions }} from '{SERVICE_IMPORT}';"]
        body = [
            f"export async function {name}(): Promise<boolean> {{",
            "  const settings = await notificationPermissions.read();",
            "  if (!settings.granted) {" + E(PBC),
            "    return true;",
            "  }",
            "  return false;",
            "}",
        ]
    return imports, body, ".ts"


def v_all_permissions(g: Gen):
    # One function reads several modules' permissions: only the notifications one is a trap.
    a = alias(g)
    body = [
        f"export async function {g.r.choice(['checkAllPermissions', 'loadPermissionSummary'])}() {{",
        "  const camera = await Camera.getCameraPermissionsAsync();",
        "  const media = await MediaLibrary.getPermissionsAsync();",
        f"  const notifications = await {a}.getPermissionsAsync();",
        "  return {",
        "    camera: camera.status === 'granted',",
        "    media: media.status === 'granted',",
        "    notifications: notifications.status === 'granted'," + E(PBC),
        "  };",
        "}",
    ]
    return [ns_import(a), "import { Camera } from 'expo-camera';", "import * as MediaLibrary from 'expo-media-library';"], body, ".ts"


def service_file(g: Gen, size: int, parse_heavy: bool) -> list[str]:
    lines = [ns_import("Notifications")] + imports_for("service", g)
    lines += [
        "",
        "export async function getNotificationPermission() {",
        "  return Notifications.getPermissionsAsync();",
        "}",
        "",
        "export const notificationPermissions = {",
        "  read: () => Notifications.getPermissionsAsync(),",
        "  askQuietly: () => Notifications.requestPermissionsAsync({ ios: { allowAlert: true, allowProvisional: true } }),",
        "};",
    ]
    fill_blocks(lines, size, "service", g, min_blocks=0)
    return lines


VARIANTS = [  # (generator, weight)
    (v_setup_guide, 14), (v_helper_granted, 7), (v_use_permissions, 7), (v_saga, 6), (v_handler_alert, 9),
    (v_badge_provisional, 5), (v_enum_alias, 4), (v_then_setter, 4), (v_request_alert_only, 5),
    (v_require_negated, 3), (v_local_helper, 4), (v_switch_status, 3), (v_react_query, 3), (v_state_response, 3),
    (v_service_class, 3), (v_cross_file, 5), (v_all_permissions, 3),
    # no finding: correct code, other platforms, lookalikes
    (v_aware, 7), (v_handler_new, 6), (v_media_lookalike, 6), (v_firebase_lookalike, 3), (v_android_only, 4),
    (v_denied, 3), (v_upgrade_flow, 3), (v_schedule_only, 4), (v_deny_list, 3),
]


def permission_file(g: Gen, size: int, parse_heavy: bool):
    variant = g.r.choices([v for v, _ in VARIANTS], weights=[w for _, w in VARIANTS])[0]
    imports, body, ext = variant(g)
    kind = "component" if ext == ".tsx" else g.r.choice(["service", "util"])
    modules = {l.rsplit(" from ", 1)[-1] for l in imports if " from " in l}
    lines = list(imports) + [l for l in imports_for(kind, g) if l not in imports and l.rsplit(" from ", 1)[-1] not in modules]
    if parse_heavy and not any("expo-notifications" in l for l in lines):
        lines.insert(0, ns_import("Notifications"))
    filler_before = max(0, (size - 600) // 3)
    fill_blocks(lines, sum(len(l) + 1 for l in lines) + filler_before, kind, g, min_blocks=0)
    lines.append("")
    lines.extend(body)
    fill_blocks(lines, size, kind, g, min_blocks=0)
    if kind == "component":
        lines.append("")
        lines.extend(g.b_styles())
    return lines, ext, variant.__name__[2:]


# ----------------------------------------------------------------------------------------------
# Corpus
# ----------------------------------------------------------------------------------------------

def sample_size(r: random.Random) -> int:
    # Log-normal target: whole blocks are added until it is reached, so files come out at about
    # 1-20 KB (median ~2.5 KB, mean ~3 KB); the huge generated files (--huge-rate) come on top.
    return int(min(24_000, max(400, r.lognormvariate(math.log(1200), 0.9))))


def generate(out: Path, files: int, seed: int, parse_heavy: bool, permission_rate: float, huge_rate: float) -> dict:
    master = random.Random(f"granted-lint-corpus:{seed}")
    n_perm = max(1, round(files * permission_rate)) if permission_rate > 0 else 0
    n_huge = round(files * huge_rate)
    indices = list(range(files))
    master.shuffle(indices)
    perm_set = set(indices[:n_perm])
    huge_set = set(indices[n_perm:n_perm + n_huge])
    # the first permission file is the shared permission service that v_cross_file files import
    service_index = indices[0] if n_perm > 1 else -1

    if out.exists():
        shutil.rmtree(out)
    out.mkdir(parents=True)
    used: set[str] = set()
    expected: list[dict] = []
    variants: dict[str, int] = {}
    total_bytes = 0
    largest = 0
    for i in range(files):
        r = random.Random(f"{seed}:{i}")
        g = Gen(r)
        feature = r.choice(FEATURES)
        if i == service_index:
            lines, ext, variant = service_file(g, sample_size(r), parse_heavy), ".ts", "shared_service"
            variants[variant] = 1
        elif i in perm_set:
            lines, ext, variant = permission_file(g, sample_size(r), parse_heavy)
            variants[variant] = variants.get(variant, 0) + 1
            sub = r.choice(["services", "hooks", "notifications", "utils"]) if ext == ".ts" else "components"
            stem = r.choice(["notifications", "pushNotifications", "notificationPermissions", "push", "permissions",
                             "useNotifications", "registerForPush", "notificationHandler"])
        elif i in huge_set:
            kind, ext = r.choice(HUGE_KINDS)
            size = r.randint(200_000, 260_000)
            lines = ordinary_file(kind, size, g)
            sub = {"graphql": "generated", "i18n": "i18n/locales", "icons": "assets/icons"}[kind]
            stem = {"graphql": "graphql", "i18n": r.choice(["en", "de", "fr", "es", "pt", "it", "nl", "ja"]), "icons": "icons"}[kind]
            feature = "shared"
        else:
            kind, ext = r.choices([(k, e) for k, e, _ in KINDS], weights=[w for _, _, w in KINDS])[0]
            lines = ordinary_file(kind, sample_size(r), g)
            sub = DIRS[kind]
            if kind == "test":
                stem = pascal(g.noun(), g.verb()) + ".test"
            elif kind in ("component", "screen"):
                stem = pascal(g.adj(), g.noun(), "Screen" if kind == "screen" else "")
            elif kind == "hook":
                stem = camel("use", g.adj(), g.noun())
            elif kind == "slice":
                stem = g.noun() + "Slice"
            else:
                stem = camel(g.noun(), g.r.choice(["", "Utils", "Service", "Types", "Helpers", "Constants"]))
        if parse_heavy and i not in perm_set:
            lines.insert(0, ns_import("Notifications"))
        rel = f"src/features/{feature}/{sub}/{stem}{ext}" if feature != "shared" else f"src/shared/{sub}/{stem}{ext}"
        if i == service_index:
            rel = SERVICE_PATH
        elif rel in used or rel == SERVICE_PATH:
            rel = rel[: -len(ext)] + f"{i}{ext}"
        used.add(rel)

        text_lines = []
        service_import = os.path.relpath(SERVICE_PATH[: -len(".ts")], os.path.dirname(rel))
        for n, line in enumerate(lines, start=1):
            if SERVICE_IMPORT in line:
                line = line.replace(SERVICE_IMPORT, service_import if service_import.startswith(".") else "./" + service_import)
            if MARK in line:
                line, *rules = line.split(MARK)
                for rule in rules:
                    expected.append({"file": rel, "line": n, "rule": rule})
            text_lines.append(line)
        data = ("\n".join(text_lines) + "\n").encode()
        path = out / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        total_bytes += len(data)
        largest = max(largest, len(data))

    by_rule = {rule: sum(1 for e in expected if e["rule"] == rule) for rule in RULES}
    manifest = {
        "generator": "Benchmarks/generate_corpus.py",
        "seed": seed,
        "files": files,
        "parseHeavy": parse_heavy,
        "totalBytes": total_bytes,
        "largestFile": largest,
        "permissionFiles": n_perm,
        "hugeFiles": n_huge,
        "variants": dict(sorted(variants.items())),
        "expectedByRule": by_rule,
        "expected": sorted(expected, key=lambda e: (e["file"], e["line"], e["rule"])),
    }
    (out / "EXPECTED.json").write_text(json.dumps(manifest, indent=1) + "\n")
    return manifest


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=10_000, help="number of files (default 10000)")
    ap.add_argument("--seed", type=int, default=42, help="random seed (default 42)")
    ap.add_argument("--out", required=True, help="output directory (replaced if it exists)")
    ap.add_argument("--parse-heavy", action="store_true", help="every file imports expo-notifications")
    ap.add_argument("--permission-rate", type=float, default=0.01, help="share of notification-permission files (default 0.01)")
    ap.add_argument("--huge-rate", type=float, default=0.005,
                    help="share of 200-260 KB generated files (default 0.005: with 1%% of them the mean would be ~5 KB)")
    args = ap.parse_args(argv)
    if args.files < 1:
        ap.error("--files must be at least 1")
    m = generate(Path(args.out), args.files, args.seed, args.parse_heavy, args.permission_rate, args.huge_rate)
    print(f"generate_corpus: {m['files']} files, {m['totalBytes'] / 1e6:.1f} MB "
          f"(mean {m['totalBytes'] / m['files'] / 1024:.1f} KiB, largest {m['largestFile'] / 1024:.0f} KiB), "
          f"{m['permissionFiles']} permission files, {len(m['expected'])} expected findings "
          f"{m['expectedByRule']} -> {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
