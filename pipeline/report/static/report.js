// carcdb report: sortable tables and one search box. No dependencies, no network.
"use strict";

(function () {
  function cellValue(row, index) {
    var cell = row.children[index];
    if (!cell) return "";
    var sort = cell.getAttribute("data-sort");
    return sort !== null ? sort : cell.textContent.trim();
  }

  function compare(a, b) {
    var x = parseFloat(a), y = parseFloat(b);
    var numeric = !isNaN(x) && !isNaN(y) && String(x) === a.replace(/\.0+$/, "") && String(y) === b.replace(/\.0+$/, "");
    if (numeric) return x - y;
    return a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" });
  }

  function sortBy(table, header, index) {
    var body = table.tBodies[0];
    var ascending = !header.classList.contains("sorted-asc");
    Array.prototype.forEach.call(table.querySelectorAll("th"), function (th) {
      th.classList.remove("sorted-asc", "sorted-desc");
    });
    header.classList.add(ascending ? "sorted-asc" : "sorted-desc");
    var rows = Array.prototype.slice.call(body.rows);
    rows.sort(function (r1, r2) {
      var order = compare(cellValue(r1, index), cellValue(r2, index));
      return ascending ? order : -order;
    });
    rows.forEach(function (row) { body.appendChild(row); });
  }

  Array.prototype.forEach.call(document.querySelectorAll("table.sortable"), function (table) {
    Array.prototype.forEach.call(table.querySelectorAll("thead th"), function (header, index) {
      header.addEventListener("click", function () { sortBy(table, header, index); });
      header.addEventListener("keydown", function (event) {
        if (event.key === "Enter" || event.key === " ") { event.preventDefault(); sortBy(table, header, index); }
      });
    });
  });

  var input = document.getElementById("search");
  var counter = document.getElementById("search-count");
  var targets = Array.prototype.slice.call(document.querySelectorAll("table.searchable tbody tr, .tile-card"));

  function filter() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    targets.forEach(function (element) {
      var text = element.textContent.toLowerCase() + " " + (element.getAttribute("data-search") || "").toLowerCase();
      var match = words.every(function (word) { return text.indexOf(word) >= 0; });
      element.classList.toggle("hidden-by-search", !match);
      if (match) shown += 1;
    });
    counter.textContent = words.length ? shown + " of " + targets.length + " rows and tiles match" : "";
    if (words.length) {
      Array.prototype.forEach.call(document.querySelectorAll("details.edition"), function (details) {
        if (details.querySelector(".tile-card:not(.hidden-by-search)")) details.open = true;
      });
    }
  }

  input.addEventListener("input", filter);
  var data = JSON.parse(document.getElementById("report-data").textContent);
  document.documentElement.setAttribute("data-report-tiles", String(data.tile_entries));
})();
