package templates

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"html/template"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/xuri/excelize/v2"

	"github.com/analytics-agent/service/datasource"
)

// Table is a finished execution's result, columns in order.
type Table struct {
	Columns []datasource.ResultColumn
	Rows    []map[string]any // numbers as json.Number
}

// DecodeTable reads an execution's stored columns and rows.
func DecodeTable(columnsJSON, rowsJSON string) (*Table, error) {
	t := &Table{}
	if columnsJSON != "" {
		if err := json.Unmarshal([]byte(columnsJSON), &t.Columns); err != nil {
			return nil, fmt.Errorf("decode columns: %w", err)
		}
	}
	if rowsJSON != "" {
		dec := json.NewDecoder(strings.NewReader(rowsJSON))
		dec.UseNumber()
		if err := dec.Decode(&t.Rows); err != nil {
			return nil, fmt.Errorf("decode rows: %w", err)
		}
	}
	return t, nil
}

// cellText is a value as text for CSV, the plain-text body and the HTML table.
func cellText(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	case json.Number:
		return x.String()
	case bool:
		if x {
			return "true"
		}
		return "false"
	}
	raw, _ := json.Marshal(v)
	return string(raw)
}

// CSV writes the table as RFC 4180 CSV (CRLF line ends, quoted where needed), UTF-8.
func (t *Table) CSV() ([]byte, error) {
	var buf bytes.Buffer
	w := csv.NewWriter(&buf)
	w.UseCRLF = true
	header := make([]string, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = c.Name
	}
	if err := w.Write(header); err != nil {
		return nil, err
	}
	rec := make([]string, len(t.Columns))
	for _, row := range t.Rows {
		for i, c := range t.Columns {
			rec[i] = cellText(row[c.Name])
		}
		if err := w.Write(rec); err != nil {
			return nil, err
		}
	}
	w.Flush()
	return buf.Bytes(), w.Error()
}

// JSON writes the rows as a JSON array of objects keyed by column name.
func (t *Table) JSON() ([]byte, error) {
	rows := t.Rows
	if rows == nil {
		rows = []map[string]any{}
	}
	return json.MarshalIndent(rows, "", "  ")
}

// Excel writes the table as .xlsx with excelize's streaming writer: a bold header row, typed
// cells (numbers as numbers, dates and timestamps as Excel dates, booleans as booleans) and
// column widths fitted to the content.
func (t *Table) Excel() ([]byte, error) {
	f := excelize.NewFile()
	defer f.Close()
	const sheet = "Sheet1"
	sw, err := f.NewStreamWriter(sheet)
	if err != nil {
		return nil, err
	}
	bold, err := f.NewStyle(&excelize.Style{Font: &excelize.Font{Bold: true}})
	if err != nil {
		return nil, err
	}
	dateStyle, err := f.NewStyle(&excelize.Style{NumFmt: 14}) // m/d/yy, shown in the reader's locale
	if err != nil {
		return nil, err
	}
	tsFmt := "yyyy-mm-dd hh:mm:ss"
	tsStyle, err := f.NewStyle(&excelize.Style{CustomNumFmt: &tsFmt})
	if err != nil {
		return nil, err
	}
	widths := make([]int, len(t.Columns))
	for i, c := range t.Columns {
		widths[i] = utf8.RuneCountInString(c.Name)
	}
	for _, row := range t.Rows {
		for i, c := range t.Columns {
			widths[i] = max(widths[i], min(utf8.RuneCountInString(cellText(row[c.Name])), 60))
		}
	}
	for i, w := range widths {
		if err := sw.SetColWidth(i+1, i+1, float64(min(max(w, 8), 60)+2)); err != nil {
			return nil, err
		}
	}
	header := make([]any, len(t.Columns))
	for i, c := range t.Columns {
		header[i] = excelize.Cell{StyleID: bold, Value: c.Name}
	}
	if err := sw.SetRow("A1", header, excelize.RowOpts{}); err != nil {
		return nil, err
	}
	cells := make([]any, len(t.Columns))
	for r, row := range t.Rows {
		for i, c := range t.Columns {
			cells[i] = excelCell(row[c.Name], strings.ToLower(c.Type), dateStyle, tsStyle)
		}
		cell, _ := excelize.CoordinatesToCellName(1, r+2)
		if err := sw.SetRow(cell, cells); err != nil {
			return nil, err
		}
	}
	if err := sw.Flush(); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if _, err := f.WriteTo(&buf); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

func excelCell(v any, colType string, dateStyle, tsStyle int) any {
	switch x := v.(type) {
	case nil:
		return nil
	case json.Number:
		if i, err := x.Int64(); err == nil {
			return i
		}
		if f, err := x.Float64(); err == nil {
			return f
		}
		return x.String()
	case bool:
		return x
	case string:
		if strings.Contains(colType, "date") || strings.Contains(colType, "time") {
			if d, err := time.Parse(time.DateOnly, x); err == nil {
				return excelize.Cell{StyleID: dateStyle, Value: d}
			}
			if ts, err := time.Parse(time.RFC3339Nano, x); err == nil {
				return excelize.Cell{StyleID: tsStyle, Value: ts.UTC()}
			}
		}
		return x
	}
	return cellText(v)
}

// previewRows is how many rows the body of a report mail shows.
const previewRows = 20

// ReportMail is the content of a scheduled report.
type ReportMail struct {
	TemplateName string
	Parameters   map[string]any
	RunAt        time.Time // in the schedule's zone
	ExecutionID  string
	Table        *Table
	RowCount     int
	Truncated    bool
	TooLarge     bool // the attachment was over the size cap and is not attached
	Failed       string
}

var htmlReport = template.Must(template.New("report").Parse(`<!doctype html>
<html><body style="font-family:sans-serif">
<h2>{{.TemplateName}}</h2>
<p>Run at {{.RunAtText}}{{if .ParamsText}} with {{.ParamsText}}{{end}}: <b>{{.RowCount}}</b> row{{if ne .RowCount 1}}s{{end}}{{if .Truncated}} (the row limit was reached){{end}}.</p>
{{if .Failed}}<p style="color:#b00">The run failed: {{.Failed}}</p>{{end}}
{{if .TooLarge}}<p>The full result was too large to attach. Fetch it with <code>GET /v1/templates/executions/{{.ExecutionID}}</code>.</p>{{end}}
{{if .Headers}}<table border="1" cellpadding="4" cellspacing="0" style="border-collapse:collapse">
<tr>{{range .Headers}}<th>{{.}}</th>{{end}}</tr>
{{range .Rows}}<tr>{{range .}}<td>{{.}}</td>{{end}}</tr>
{{end}}</table>
{{if .More}}<p>First {{len .Rows}} of {{.RowCount}} rows shown; the attachment has them all.</p>{{end}}{{end}}
<p style="color:#777">Execution {{.ExecutionID}}</p>
</body></html>`))

// Subject is the mail's subject line.
func (m ReportMail) Subject() string {
	if m.Failed != "" {
		return "Report failed: " + m.TemplateName
	}
	return fmt.Sprintf("Report: %s (%d rows)", m.TemplateName, m.RowCount)
}

func (m ReportMail) paramsText() string {
	if len(m.Parameters) == 0 {
		return ""
	}
	keys := make([]string, 0, len(m.Parameters))
	for k := range m.Parameters {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + " = " + cellText(m.Parameters[k])
	}
	return strings.Join(parts, ", ")
}

// Bodies renders the plain-text and HTML bodies.
func (m ReportMail) Bodies() (text, html string, err error) {
	runAt := m.RunAt.Format("Monday 2 January 2006 15:04 MST")
	var headers []string
	var rows [][]string
	if m.Table != nil {
		for _, c := range m.Table.Columns {
			headers = append(headers, c.Name)
		}
		for i, r := range m.Table.Rows {
			if i == previewRows {
				break
			}
			rec := make([]string, len(m.Table.Columns))
			for j, c := range m.Table.Columns {
				rec[j] = cellText(r[c.Name])
			}
			rows = append(rows, rec)
		}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\nRun at %s", m.TemplateName, runAt)
	if p := m.paramsText(); p != "" {
		fmt.Fprintf(&b, " with %s", p)
	}
	fmt.Fprintf(&b, ": %d rows", m.RowCount)
	if m.Truncated {
		b.WriteString(" (the row limit was reached)")
	}
	b.WriteString(".\n\n")
	if m.Failed != "" {
		fmt.Fprintf(&b, "The run failed: %s\n\n", m.Failed)
	}
	if m.TooLarge {
		fmt.Fprintf(&b, "The full result was too large to attach. Fetch it with GET /v1/templates/executions/%s\n\n", m.ExecutionID)
	}
	if len(headers) > 0 {
		b.WriteString(strings.Join(headers, "\t") + "\n")
		for _, r := range rows {
			b.WriteString(strings.Join(r, "\t") + "\n")
		}
		if m.RowCount > len(rows) {
			fmt.Fprintf(&b, "(first %d of %d rows; the attachment has them all)\n", len(rows), m.RowCount)
		}
	}
	fmt.Fprintf(&b, "\nExecution %s\n", m.ExecutionID)
	var h bytes.Buffer
	err = htmlReport.Execute(&h, map[string]any{
		"TemplateName": m.TemplateName, "RunAtText": runAt, "ParamsText": m.paramsText(), "RowCount": m.RowCount,
		"Truncated": m.Truncated, "Failed": m.Failed, "TooLarge": m.TooLarge, "ExecutionID": m.ExecutionID,
		"Headers": headers, "Rows": rows, "More": m.RowCount > len(rows),
	})
	return b.String(), h.String(), err
}

// Attachment renders the table in a delivery format: file name, content type and bytes.
func (t *Table) Attachment(format, baseName string) (string, string, []byte, error) {
	switch format {
	case FormatCSV:
		b, err := t.CSV()
		return baseName + ".csv", "text/csv; charset=utf-8", b, err
	case FormatJSON:
		b, err := t.JSON()
		return baseName + ".json", "application/json", b, err
	}
	b, err := t.Excel()
	return baseName + ".xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", b, err
}
